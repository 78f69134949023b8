import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, freePort } from './processes';

export interface PrivateNats {
  url: string;
  /** Kills the server (SIGKILL: a crash, nothing flushed on purpose) and leaves it down until resume(). */
  pause(): Promise<void>;
  /** Starts it again on the same port and data. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A nats-server with JetStream of this test's own, on a free port with its store in a temporary folder, so a test
 * may kill and restart it without touching the machine's shared server.
 */
export async function startPrivateNats(
  options: {
    maxPayloadBytes?: number;
    /** A server configuration file (deploy/nats.conf) and the environment its `$VARIABLES` come from. */
    configFile?: string;
    env?: Record<string, string>;
  } = {},
): Promise<PrivateNats> {
  const port = await freePort();
  const storeDir = await mkdtemp(path.join(tmpdir(), 'promptloom-nats-'));
  const extra: string[] = [];
  if (options.configFile !== undefined) extra.push('-c', options.configFile);
  if (options.maxPayloadBytes !== undefined) {
    // max_payload has no command-line flag: it goes in a configuration file.
    const config = path.join(storeDir, 'server.conf');
    await writeFile(config, `max_payload: ${options.maxPayloadBytes}\n`);
    extra.push('-c', config);
  }
  const launch = (port: number, storeDir: string) => launchServer(port, storeDir, extra, options.env);
  let server = await launch(port, storeDir);
  return {
    url: `nats://127.0.0.1:${port}`,
    async pause() {
      await kill(server);
    },
    async resume() {
      server = await launch(port, storeDir);
    },
    async stop() {
      await kill(server);
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}

async function launchServer(
  port: number,
  storeDir: string,
  extra: string[],
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(
    '/usr/sbin/nats-server',
    [...extra, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir],
    { stdio: 'ignore', env: { ...process.env, ...env } },
  );
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nats-server exited with ${child.exitCode}`);
    if (await accepts(port)) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await kill(child);
  throw new Error(`nats-server did not listen on ${port} within 10 s`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** The users of deploy/nats.conf, each with a fresh password: what compose's .env gives the server and processes. */
export function lockedDownBusUsers(): {
  serverEnv: Record<string, string>;
  /** NATS_USER and NATS_PASSWORD of a process, by its user name (admin, ai-worker, signature-stream, gateway). */
  credentials: (user: LockedDownBusUser) => { NATS_USER: string; NATS_PASSWORD: string };
} {
  const passwords = Object.fromEntries(
    // nats.conf parses a `$VARIABLE`'s value as a config value: a letter first, then letters and digits, keeps it a
    // string (a leading '-' or digit would not be).
    LOCKED_DOWN_BUS_USERS.map((user) => [user, `p${randomBytes(12).toString('hex')}`]),
  ) as Record<LockedDownBusUser, string>;
  return {
    serverEnv: {
      NATS_ADMIN_PASSWORD: passwords.admin,
      NATS_AI_WORKER_PASSWORD: passwords['ai-worker'],
      NATS_SIGNATURE_PASSWORD: passwords['signature-stream'],
      NATS_GATEWAY_PASSWORD: passwords.gateway,
    },
    credentials: (user) => ({ NATS_USER: user, NATS_PASSWORD: passwords[user] }),
  };
}

export const LOCKED_DOWN_BUS_USERS = ['admin', 'ai-worker', 'signature-stream', 'gateway'] as const;
export type LockedDownBusUser = (typeof LOCKED_DOWN_BUS_USERS)[number];
export const LOCKED_DOWN_BUS_CONFIG = path.join(REPO_ROOT, 'deploy/nats.conf');
