import {
  DomainError,
  accountOperations,
  requireAdminOperation,
  type Actor,
  type RequestContext,
} from '@promptloom/proto';
import { call, type Bus } from '../bus';
import { liveSessionsOf } from './live-sessions';

/** How long a confirmed admin is trusted without asking again: an admin demoted meanwhile is refused after this. */
export const STORED_ADMIN_TTL_MS = 5_000;

const confirmedUntil = new Map<number, number>();

/**
 * A service's own check for admin operations: the role the gateway put in the context, then the stored user, asked
 * of the admin service (which owns it), so a regular user with a forged Admin context, or an admin demoted or
 * deactivated since the token was issued, is refused. A confirmation is kept for a few seconds, so a page of admin
 * requests costs one round trip to the admin service, not one each.
 */
export async function requireStoredAdmin(
  bus: Bus,
  context: RequestContext,
  now = Date.now(),
): Promise<Actor> {
  const actor = requireAdminOperation(context.actor);
  await (await liveSessionsOf(bus)).require(context);
  if ((confirmedUntil.get(actor.userId) ?? 0) > now) return actor;
  const stored = await call(bus, accountOperations.getUser, { id: actor.userId }, { context }).catch(
    (error: unknown) => {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
      throw error;
    },
  );
  const storedRole = stored?.user.status === 'Active' ? stored.user.role_type : null;
  if (storedRole === null || storedRole !== actor.role) confirmedUntil.delete(actor.userId);
  requireAdminOperation(actor, storedRole);
  confirmedUntil.set(actor.userId, now + STORED_ADMIN_TTL_MS);
  return actor;
}
