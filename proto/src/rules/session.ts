import { SESSION_IDLE_MS } from './constants';

/** What the browser keeps of a session (SPEC §3): token, user (JSON) and lastActivity (ms timestamp). */
export interface StoredSession {
  token?: string | null;
  user?: string | null;
  lastActivity?: number | string | null;
}

/**
 * SPEC §4: on start the session is restored only if token, user and lastActivity all exist and the last
 * activity is under an hour old at `nowMs`; otherwise it is cleared. A last activity in the future (clock
 * change) is treated as unreadable. `idleLimitMs` is the server's configured idle time (SESSION_IDLE_MINUTES).
 */
export function canRestoreSession(
  stored: StoredSession,
  nowMs: number,
  idleLimitMs = SESSION_IDLE_MS,
): boolean {
  if (!stored.token || !stored.user) return false;
  const lastActivity = Number(stored.lastActivity);
  if (stored.lastActivity === null || stored.lastActivity === '' || !Number.isFinite(lastActivity))
    return false;
  const idleMs = nowMs - lastActivity;
  return idleMs >= 0 && idleMs < idleLimitMs;
}
