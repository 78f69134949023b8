import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');

export interface RunningProcess {
  name: string;
  child: ChildProcess;
  /** Everything it printed, for failure messages. */
  output(): string;
  /** Its exit code, or the signal that ended it, once it has exited. */
  exited: Promise<number | string>;
  /** SIGTERM (or `signal`), then its exit code or the signal that ended it. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/**
 * Starts one of the built entrypoints (`npm test` builds first) as its own Node process, with only the given
 * environment on top of PATH, so each process sees exactly what a deployment would give it.
 */
export function startProcess(
  name: string,
  entrypoint: string,
  env: Record<string, string>,
  args: string[] = [],
): RunningProcess {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, entrypoint), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    name,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Waits until `url` answers 200, failing with the process's output if it exits or takes too long (a start on a
 * loaded 2-core machine took over 30 s).
 */
export async function waitUntilReady(
  processes: RunningProcess[],
  url: string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dead = processes.find((running) => running.child.exitCode !== null);
    if (dead) throw new Error(`${dead.name} exited during start-up:\n${dead.output()}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${url} not ready after ${timeoutMs} ms:\n${processes.map((p) => `--- ${p.name}\n${p.output()}`).join('\n')}`,
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
