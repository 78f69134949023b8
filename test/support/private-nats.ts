import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './processes';

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
export async function startPrivateNats(options: { maxPayloadBytes?: number } = {}): Promise<PrivateNats> {
  const port = await freePort();
  const storeDir = await mkdtemp(path.join(tmpdir(), 'promptloom-nats-'));
  const extra: string[] = [];
  if (options.maxPayloadBytes !== undefined) {
    // max_payload has no command-line flag: it goes in a configuration file.
    const config = path.join(storeDir, 'server.conf');
    await writeFile(config, `max_payload: ${options.maxPayloadBytes}\n`);
    extra.push('-c', config);
  }
  const launch = (port: number, storeDir: string) => launchServer(port, storeDir, extra);
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

async function launchServer(port: number, storeDir: string, extra: string[]): Promise<ChildProcess> {
  const child = spawn(
    '/usr/sbin/nats-server',
    [...extra, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir],
    {
      stdio: 'ignore',
    },
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
