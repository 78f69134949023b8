import { canRestoreSession } from '@promptloom/proto';
import { type LoginMutation } from '../generated/graphql';
import { clearPerUserKeys } from './per-user-keys';

/** The signed-in user as the client keeps it (SPEC §3 `user`): what `login` answers. */
export type SessionUser = LoginMutation['login']['user'];

/** SPEC §3: the session lives in local storage under token, user and lastActivity. */
const KEYS = { token: 'token', user: 'user', lastActivity: 'lastActivity' } as const;

/**
 * Other tabs follow the `user` key (useSessionFromOtherTabs) and may see each write on its own, so it is written
 * last: a tab that follows a sign-in finds the token and the last activity already there.
 */
export function saveSession(token: string, user: SessionUser): void {
  touchActivity();
  localStorage.setItem(KEYS.token, token);
  localStorage.setItem(KEYS.user, JSON.stringify(user));
}

export function replaceToken(token: string): void {
  if (localStorage.getItem(KEYS.token)) localStorage.setItem(KEYS.token, token);
}

export const readToken = (): string | null => localStorage.getItem(KEYS.token);

export function touchActivity(now = Date.now()): void {
  localStorage.setItem(KEYS.lastActivity, String(now));
}

export function lastActivity(): number {
  return Number(localStorage.getItem(KEYS.lastActivity) ?? 0);
}

/** Ends the stored session: the token, the user and every other per-user key (SPEC §3). */
export function clearSession(): void {
  clearPerUserKeys();
}

/** SPEC §4: restored only if token, user and lastActivity exist and the last activity is recent enough. */
export function restoreSession(
  idleLimitMs: number,
  now = Date.now(),
): { token: string; user: SessionUser } | null {
  const stored = {
    token: localStorage.getItem(KEYS.token),
    user: localStorage.getItem(KEYS.user),
    lastActivity: localStorage.getItem(KEYS.lastActivity),
  };
  if (!canRestoreSession(stored, now, idleLimitMs)) {
    clearSession();
    return null;
  }
  try {
    return { token: stored.token!, user: JSON.parse(stored.user!) as SessionUser };
  } catch {
    clearSession();
    return null;
  }
}
