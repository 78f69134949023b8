import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAdminService, type RunningService } from '@promptloom/admin';
import { startAiWorker, type AiProvider, type JobSettings } from '@promptloom/ai-worker';
import { createGateway, type Gateway } from '@promptloom/gateway';
import { DiskObjectStore, InProcessBus, createLogger, type Bus, type ObjectStore } from '@promptloom/shared';
import { createTestDatabase, type TestDatabase } from '@promptloom/shared/testing';
import {
  DEFAULT_IMAGE_LIMITS,
  startSignatureService,
  type ImageLimits,
  type RunningSignatureService,
} from '@promptloom/signature-stream';

export interface TestProduct {
  baseUrl: string;
  bus: Bus;
  database: TestDatabase;
  admin: RunningService;
  signature: RunningSignatureService;
  ai: RunningService;
  /** The object store the gateway and the signature service share (a temporary folder unless one is given). */
  objects: ObjectStore;
  stop(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * The product as `npm start` composes it (in-process bus, admin service, gateway on a real HTTP port), on a fresh
 * database of the machine's PostgreSQL instead of the embedded one, so tests start in a second.
 */
export async function startTestProduct(
  options: {
    sessionIdleMs?: number;
    maxBodyBytes?: number;
    webDistDir?: string;
    objectStore?: ObjectStore;
    imageLimits?: ImageLimits;
    /** The AI provider: an OpenAI-compatible base URL (e.g. the fake server), a provider object, or offline. */
    openAiBaseUrl?: string;
    aiProvider?: AiProvider;
    aiProviderTimeoutMs?: number;
    /** How the AI worker takes generation jobs (short retry deadlines for fault tests). */
    aiJobs?: JobSettings;
  } = {},
) {
  const logger = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const database = await createTestDatabase();
  const bus = new InProcessBus({ requestTimeoutMs: 5000 });
  const admin = await startAdminService({ databaseUrl: database.url, bus, logger });
  const objectsFolder = options.objectStore
    ? null
    : await mkdtemp(path.join(tmpdir(), 'promptloom-objects-'));
  const objects = options.objectStore ?? new DiskObjectStore(objectsFolder!);
  const imageLimits = options.imageLimits ?? DEFAULT_IMAGE_LIMITS;
  const signature = await startSignatureService({
    databaseUrl: database.url,
    bus,
    logger,
    objectStore: objects,
    imageLimits,
  });
  const ai = await startAiWorker({
    databaseUrl: database.url,
    bus,
    logger,
    provider: {
      apiKey: options.openAiBaseUrl ? 'sk-test-key-never-shown' : undefined,
      baseUrl: options.openAiBaseUrl,
      timeoutMs: options.aiProviderTimeoutMs ?? 5000,
    },
    providerOverride: options.aiProvider,
    jobs: options.aiJobs,
  });
  const gateway: Gateway = await createGateway({
    bus,
    logger,
    jwtSecret: TEST_JWT_SECRET,
    sessionIdleMs: options.sessionIdleMs ?? 3_600_000,
    maxBodyBytes: options.maxBodyBytes ?? 1_048_576,
    webDistDir: options.webDistDir,
    readinessChecks: admin.readinessChecks,
    uploads: { objectStore: objects, maxBytes: imageLimits.maxBytes },
  });
  const port = await gateway.listen(0, '127.0.0.1');
  const product: TestProduct = {
    baseUrl: `http://127.0.0.1:${port}`,
    bus,
    database,
    admin,
    signature,
    ai,
    objects,
    async stop() {
      await gateway.close();
      await signature.stop();
      await ai.stop();
      await admin.stop();
      await bus.close();
      await database.drop();
      if (objectsFolder) await rm(objectsFolder, { recursive: true, force: true });
    },
  };
  return product;
}
