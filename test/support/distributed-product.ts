import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import S3rver from 's3rver';
import { GeneratedBusKeys } from '@promptloom/shared';
import { startFakeOpenAiServer, type FakeOpenAiServer } from './fake-openai-server';
import { freePort, startProcess, waitUntilReady, type RunningProcess } from './processes';
import { type LockedDownBusUser } from './private-nats';

export interface DistributedProduct {
  baseUrl: string;
  fake: FakeOpenAiServer;
  processes: Map<string, RunningProcess>;
  /** Each process's /metrics and /readyz base, by process name. */
  healthUrls: Map<string, string>;
  admin: { email: string; password: string };
  /** The S3_* settings every process got: a backup or restore of this product uses the same. */
  s3Env: Record<string, string>;
  /** The keys each process signs its bus requests with (BUS_PRIVATE_KEY, BUS_PUBLIC_KEYS_*). */
  busKeys: GeneratedBusKeys;
  /** Every process's output so far, for a failure message. */
  output(): string;
  stop(): Promise<void>;
}

const SERVICES = [
  { name: 'admin', user: 'admin', signer: 'admin', entrypoint: 'services/admin/dist/main.js' },
  {
    name: 'signature-stream',
    user: 'signature-stream',
    signer: 'signature',
    entrypoint: 'services/signature-stream/dist/main.js',
  },
  { name: 'ai-worker-1', user: 'ai-worker', signer: 'ai', entrypoint: 'services/ai-worker/dist/main.js' },
  { name: 'ai-worker-2', user: 'ai-worker', signer: 'ai', entrypoint: 'services/ai-worker/dist/main.js' },
] as const;

/**
 * The distributed shape as separate Node processes: the gateway, admin, signature-stream and two ai-workers, on the
 * given NATS and PostgreSQL database, sharing an S3 endpoint (s3rver) and a fake OpenAI-compatible provider.
 */
export async function startDistributedProduct(options: {
  natsUrl: string;
  databaseUrl: string;
  namespace: string;
  logLevel?: string;
  /**
   * Each process's NATS_USER / NATS_PASSWORD on a server with deploy/nats.conf's users (lockedDownBusUsers). Its
   * permissions name the subjects of DESIGN.md, so the processes then run without BUS_NAMESPACE.
   */
  natsCredentials?: (user: LockedDownBusUser) => Record<string, string>;
  /** Gateway processes sharing one JWT secret (default 1): `gateway`, `gateway-2`, … */
  gateways?: number;
  /** An S3 server the test runs (it outlives the product), and the bucket to use; default a private s3rver. */
  objectStore?: { port: number; bucket: string };
  /** More environment for every process (e.g. OTEL_EXPORTER_OTLP_ENDPOINT). */
  env?: Record<string, string>;
  /** The processes' bus keys; default a fresh set. */
  busKeys?: GeneratedBusKeys;
  /** AI worker processes (default 2). */
  aiWorkers?: 1 | 2;
}): Promise<DistributedProduct> {
  const busKeys = options.busKeys ?? new GeneratedBusKeys();
  const credentials = options.natsCredentials ?? (() => ({}));
  const own = options.objectStore ? null : await startS3rver();
  const s3Port = options.objectStore?.port ?? own!.port;
  const fake = await startFakeOpenAiServer();
  const admin = { email: `ops-${options.namespace}@example.com`, password: 'ops-password-123' };
  const common = {
    NATS_URL: options.natsUrl,
    ...(options.natsCredentials ? {} : { BUS_NAMESPACE: options.namespace }),
    HOST: '127.0.0.1',
    LOG_LEVEL: options.logLevel ?? 'warn',
    // Generous: argon2 and migrations on a loaded machine; a stopped service is refused at once anyway (no responders).
    BUS_REQUEST_TIMEOUT_MS: '15000',
    OPENAI_API_KEY: 'sk-topology',
    OPENAI_BASE_URL: fake.baseUrl,
    ...options.env,
  };
  const s3Env = {
    S3_ENDPOINT: '127.0.0.1',
    S3_PORT: String(s3Port),
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_BUCKET: options.objectStore?.bucket ?? 'promptloom-topology',
  };
  const processes = new Map<string, RunningProcess>();
  const healthUrls = new Map<string, string>();
  const stop = async () => {
    await Promise.all([...processes.values()].map((running) => running.stop('SIGKILL')));
    await fake.close();
    await own?.close();
  };
  try {
    for (const service of SERVICES.slice(0, (options.aiWorkers ?? 2) === 2 ? undefined : -1)) {
      const port = await freePort();
      processes.set(
        service.name,
        startProcess(service.name, service.entrypoint, {
          ...common,
          ...credentials(service.user),
          ...busKeys.environmentFor(service.signer),
          ...s3Env,
          DATABASE_URL: options.databaseUrl,
          PORT: String(port),
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
          AI_JOB_ACK_WAIT_MS: '3000',
          AI_JOB_CONCURRENCY: '1',
        }),
      );
      healthUrls.set(service.name, `http://127.0.0.1:${port}`);
    }
    const jwtSecret = randomBytes(48).toString('hex');
    for (let index = 1; index <= (options.gateways ?? 1); index++) {
      const name = index === 1 ? 'gateway' : `gateway-${index}`;
      const gatewayPort = await freePort();
      processes.set(
        name,
        startProcess(name, 'gateway/dist/main.js', {
          ...common,
          ...credentials('gateway'),
          ...busKeys.environmentFor('gateway'),
          ...s3Env,
          PORT: String(gatewayPort),
          JWT_SECRET: jwtSecret,
        }),
      );
      healthUrls.set(name, `http://127.0.0.1:${gatewayPort}`);
    }
    const all = [...processes.values()];
    // Migrations of three schemas run at once on 2 cores: generous, still bounded.
    for (const url of healthUrls.values()) await waitUntilReady(all, `${url}/readyz`, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl: healthUrls.get('gateway')!,
    fake,
    processes,
    healthUrls,
    admin,
    s3Env,
    busKeys,
    output: () => [...processes.values()].map((p) => `--- ${p.name}\n${p.output()}`).join('\n'),
    stop,
  };
}

/** An S3 server (s3rver) on a free port over a temporary folder; `close` stops it and removes the folder. */
export async function startS3rver(): Promise<{ port: number; close(): Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'promptloom-topology-s3-'));
  const port = await getPort({ host: '127.0.0.1' });
  const s3 = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
  await s3.run();
  return {
    port,
    close: async () => {
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
