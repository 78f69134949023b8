import { type VisitStart } from '@promptloom/proto';

/** The token this browser last started a visit with (a per-user key, cleared when the session ends). */
export const VISIT_TOKEN_KEY = 'visit_token';

/**
 * A token this browser has not started a visit with is a sign-in (the login screen, or a new device); the same
 * token again is the app resuming (a reload, a new tab, back online). Only the token's end is kept: enough to tell.
 */
export function visitStartFor(token: string | null): VisitStart {
  const mark = token?.slice(-24) ?? '';
  const known = localStorage.getItem(VISIT_TOKEN_KEY) === mark;
  localStorage.setItem(VISIT_TOKEN_KEY, mark);
  return known ? 'resume' : 'sign_in';
}
