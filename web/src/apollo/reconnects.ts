/**
 * The WebSocket's reconnects, announced to the live subscriptions so that each resubscribes with `afterSequence`
 * (the last `sequence` it saw) and the gateway replays what it missed while the socket was down.
 */
const listeners = new Set<() => void>();
let live = false;

/** The socket is open (true) or closed (false), whether dropped or closed with no subscription left. */
export function announceLive(up: boolean): void {
  live = up;
}

/** Whether the live connection is up: while it is down, no change reaches this screen live. */
export function liveConnectionUp(): boolean {
  return live;
}

export function announceReconnect(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` after each reconnect of the socket; returns the function that stops it. */
export function onReconnect(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The context of a query kept current by a resumable subscription: a reconnect does not read it again (the
 * subscription's replay brings what was missed), unlike every other query on screen.
 */
export const RESUMES_LIVE = { resumesLive: true } as const;

export function resumesLive(context: unknown): boolean {
  return typeof context === 'object' && context !== null && 'resumesLive' in context;
}
