import { z } from 'zod';
import { type BusSigner } from './access/operation-callers';
import { ADMIN_ROLE } from './roles';

export { ADMIN_ROLE } from './roles';

/** Who is calling: set by the gateway from a verified token, carried to services with each request. */
export const Actor = z.object({
  userId: z.number().int().positive(),
  role: z.string(),
  /** The session the token belongs to (ended by logout); a service refuses an actor without one. */
  sessionId: z.uuid().optional(),
  /** The user's session version when the token was issued; a deactivation, deletion, role or password change bumps it. */
  sessionVersion: z.number().int().nonnegative().optional(),
});
export type Actor = z.infer<typeof Actor>;

export interface RequestContext {
  /** Correlates log lines of one request across the gateway and every service it reaches. */
  requestId?: string;
  actor?: Actor;
  /**
   * The caller's Idempotency-Key for this write (README "Retrying a write safely"): carried with requests only, never
   * with events or jobs. A service that commits a write under it answers a repeat with the first answer.
   */
  idempotencyKey?: string;
  /**
   * On a request a service received: the gateway's signed statement of `actor`, which the service forwards when it
   * calls another service for the same user (services/shared/src/bus/trust). Never logged, never stored.
   */
  actorProof?: string;
  /** On a request a service received: who signed it, verified ('gateway' or the calling service). */
  caller?: BusSigner;
}

/** An Idempotency-Key as the gateway accepts it: 1 to 255 visible ASCII characters (a UUID is what clients send). */
export const IdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'The Idempotency-Key must be 1 to 255 visible ASCII characters.');

export const isAdmin = (actor: Actor | undefined): boolean => actor?.role === ADMIN_ROLE;

export const NOT_AUTHENTICATED_MESSAGE = 'You are not authenticated. Please log in.';
export const NOT_AUTHORIZED_MESSAGE = 'This action is unauthorized.';
