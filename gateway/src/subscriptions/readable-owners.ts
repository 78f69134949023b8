import { decideOwnedAccess, type Actor } from '@promptloom/proto';

/** A subscription's owner for every user's events (admins' tables). */
export const EVERY_USER = null;

/** No account has id 0: a user the actor reads only if the policy lets them read anyone's records. */
const SOMEONE_ELSE = 0;

/**
 * Whose events `actor` may read by the access policy: everyone's (EVERY_USER) for an admin, else their own. The
 * subscription's filter still asks the policy per event.
 */
export function readableOwners(actor: Actor): number | null {
  return decideOwnedAccess(actor, 'read', SOMEONE_ELSE) === 'allowed' ? EVERY_USER : actor.userId;
}
