import { z } from 'zod';
import { INTERNAL, ownedBy } from '../access/declaration';
import { defineEvent, defineOperation } from '../operation';

/** Why a session ended: the account changed under it, or its user signed out. */
export const SESSION_END_REASONS = [
  'logout',
  'deactivated',
  'deleted',
  'role_changed',
  'password_changed',
] as const;
export const SessionEndReason = z.enum(SESSION_END_REASONS);
export type SessionEndReason = z.infer<typeof SessionEndReason>;

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

export const SessionStateRequest = z.object({
  userId: z.number().int().positive(),
  sessionId: z.uuid(),
});

/** The stored facts a session's liveness is decided from; `user` is null for a deleted account. */
export const SessionState = z.object({
  user: z
    .object({
      role: z.string(),
      status: z.string(),
      sessionVersion: z.number().int().nonnegative(),
    })
    .nullable(),
  revoked: z.boolean(),
});
export type SessionState = z.infer<typeof SessionState>;

export const LogoutRequest = z.object({
  userId: z.number().int().positive(),
  sessionId: z.uuid(),
  /** When the token would have expired anyway: the revocation is kept until then. */
  expiresAt: z.iso.datetime(),
});

export const sessionOperations = {
  state: defineOperation('admin', 'sessions.state', SessionStateRequest, SessionState, INTERNAL),
  logout: defineOperation(
    'admin',
    'sessions.logout',
    LogoutRequest,
    z.object({ ended: z.boolean() }),
    ownedBy('write', 'userId'),
  ),
} as const;

export const sessionEvents = {
  /** One session (`sessionId`) or every session of the user (`sessionId` null) ended. */
  sessionEnded: defineEvent(
    'evt.admin.session.ended',
    z.object({
      userId: z.number().int().positive(),
      sessionId: z.uuid().nullable(),
      reason: SessionEndReason,
    }),
    INTERNAL,
  ),
} as const;

/**
 * Is the session of `actor` still live, given what the admin service stores now? The account exists and is active,
 * its role is the token's, its session version is the token's (a deactivation, role or password change bumps it),
 * and this session was not ended by a logout.
 */
export function isSessionLive(
  actor: { role: string; sessionVersion?: number },
  state: SessionState,
): boolean {
  return (
    state.user !== null &&
    !state.revoked &&
    state.user.status === 'Active' &&
    state.user.role === actor.role &&
    state.user.sessionVersion === actor.sessionVersion
  );
}
