import { useSyncExternalStore } from 'react';

/**
 * Counts the WebSocket's reconnects, so that live subscriptions can resubscribe with `afterSequence` (the last
 * sequence they saw) and get every event they missed while the connection was down (README "Resuming").
 */
let reconnects = 0;
const listeners = new Set<() => void>();

export function noteReconnect(): void {
  reconnects += 1;
  for (const listener of listeners) listener();
}

export function useReconnectCount(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => reconnects,
  );
}
