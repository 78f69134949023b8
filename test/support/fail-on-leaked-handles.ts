/**
 * A suite that leaves a socket, server, child process or timer keeping the worker alive fails itself, naming what
 * is left, instead of a later suite in the same worker timing out or jest reporting "did not exit" with no owner.
 *
 * It compares the resources keeping the event loop alive (`process.getActiveResourcesInfo()`, ref'd only) when the
 * suite ends with those when it started, after giving closing sockets and servers a bounded moment to finish. What
 * jest itself keeps (its IPC pipes, file reads) is not counted: only the kinds a test opens.
 *
 * It runs after the suite's last afterAll, including the file's top-level ones: an afterAll registered here would
 * run before those (jest runs a block's afterAll hooks in the order they were registered), so it listens for
 * jest-circus's `run_finish` event instead and fails the suite through circus's unhandled errors.
 */
import type { Circus } from '@jest/types';

/** The kinds a test opens and must close (net, http, child_process, timers). */
const WATCHED = new Set([
  'TCPSocketWrap',
  'TCPServerWrap',
  'PipeServerWrap',
  'UDPWrap',
  'ProcessWrap',
  'Timeout',
]);
const POLL_MS = 50;
/** 5 s: a socket or server that is closing ends within a few event-loop turns; one that stays open never does. */
const POLLS = 100;

// Captured now: a test may install fake timers and leave them installed.
const realSetTimeout = globalThis.setTimeout;

const watchedCounts = (): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) {
    if (WATCHED.has(kind)) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return counts;
};

const before = watchedCounts();
const handlesBefore = new Set(activeHandles());

/** What is open now beyond what was open before the suite, e.g. `TCPServerWrap +1`. */
function excess(): string[] {
  return [...watchedCounts()]
    .filter(([kind, count]) => count > (before.get(kind) ?? 0))
    .map(([kind, count]) => `${kind} +${count - (before.get(kind) ?? 0)}`);
}

async function leftOpen(): Promise<string[]> {
  for (let poll = 0; poll < POLLS; poll++) {
    if (excess().length === 0) return [];
    await new Promise((resolve) => realSetTimeout(resolve, POLL_MS));
  }
  return excess();
}

function activeHandles(): unknown[] {
  const getter = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles;
  return typeof getter === 'function' ? getter.call(process) : [];
}

/** The new ref'd sockets, servers and child processes, described by their addresses or command. */
function describeNewHandles(): string[] {
  return activeHandles()
    .filter((handle) => !handlesBefore.has(handle))
    .filter((handle) => (handle as { hasRef?: () => boolean }).hasRef?.() !== false)
    .map(describeHandle)
    .filter((line): line is string => line !== null);
}

function describeHandle(handle: unknown): string | null {
  const h = handle as Record<string, unknown> & { constructor?: { name?: string } };
  const kind = h.constructor?.name ?? typeof handle;
  if (typeof h.spawnfile === 'string') {
    return `child process ${String(h.pid)}: ${(h.spawnargs as string[] | undefined)?.join(' ') ?? h.spawnfile}`;
  }
  if (typeof h.listening === 'boolean' && typeof h.address === 'function') {
    return `${kind} listening on ${JSON.stringify((h.address as () => unknown).call(handle))}`;
  }
  if (typeof h.remotePort === 'number' || typeof h.localPort === 'number') {
    return `${kind} ${String(h.localAddress)}:${String(h.localPort)} -> ${String(h.remoteAddress)}:${String(h.remotePort)}`;
  }
  return null;
}

const handlers = (globalThis as Record<symbol, unknown>)[Symbol.for('EVENT_HANDLERS')];
if (!Array.isArray(handlers)) {
  throw new Error(
    'test/support/fail-on-leaked-handles.ts: jest-circus event handlers not found; the leak check needs updating for this jest',
  );
}
handlers.push(async (event: Circus.Event, state: Circus.State) => {
  if (event.name !== 'run_finish') return;
  const open = await leftOpen();
  if (open.length === 0) return;
  const details = describeNewHandles();
  state.unhandledErrors.push(
    new Error(
      `This suite left open what it should have closed: ${open.join(', ')} ` +
        `(process.getActiveResourcesInfo(), after its last afterAll and ${(POLLS * POLL_MS) / 1000} s to finish closing).` +
        (details.length > 0 ? `\n  ${details.join('\n  ')}` : ''),
    ),
  );
});
