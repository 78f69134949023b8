import { DomainError } from '../errors';
import { ADMIN_ROLE, NOT_AUTHENTICATED_MESSAGE, NOT_AUTHORIZED_MESSAGE, type Actor } from '../context';

/**
 * What an operation does to a record: look at it (`read`, which an admin may do too), look at something private to
 * its owner (`read-private`: a prompt history, no admin either), or change it (`write`).
 */
export type Access = 'read' | 'read-private' | 'write';

export type AccessDecision = 'allowed' | 'unauthenticated' | 'forbidden';

/**
 * The one authorization rule of the product: may `actor` do `access` on a record owned by `ownerId`?
 * The owner may do anything with their records; an admin may read anyone's, except what is private to its owner;
 * nobody else, and nobody anonymous.
 * An admin changes other users' records only through the admin operations (`decideAdminOperation`), where the
 * service checks the stored role as well.
 */
export function decideOwnedAccess(actor: Actor | undefined, access: Access, ownerId: number): AccessDecision {
  if (!actor) return 'unauthenticated';
  if (actor.userId === ownerId || mayAccessEveryOwner(actor, access)) return 'allowed';
  return 'forbidden';
}

/** Whether `actor` may do `access` on every user's records alike: an admin reading (the admin console's scope). */
export const mayAccessEveryOwner = (actor: Actor, access: Access): boolean =>
  access === 'read' && actor.role === ADMIN_ROLE;

/**
 * May `actor` use an admin operation? On the token's role alone this is a first filter (the gateway); a service
 * passes `storedRole`, the role the admin service holds now, and both must say Admin.
 */
export function decideAdminOperation(actor: Actor | undefined, storedRole?: string | null): AccessDecision {
  if (!actor) return 'unauthenticated';
  if (actor.role !== ADMIN_ROLE) return 'forbidden';
  if (storedRole !== undefined && storedRole !== ADMIN_ROLE) return 'forbidden';
  return 'allowed';
}

/** The actor, or the DomainError the decision stands for (401 / 403). */
export function enforce(decision: AccessDecision, actor: Actor | undefined): Actor {
  if (decision === 'unauthenticated' || !actor)
    throw new DomainError('UNAUTHENTICATED', NOT_AUTHENTICATED_MESSAGE);
  if (decision === 'forbidden') throw new DomainError('FORBIDDEN', NOT_AUTHORIZED_MESSAGE);
  return actor;
}

export const requireOwnedAccess = (actor: Actor | undefined, access: Access, ownerId: number): Actor =>
  enforce(decideOwnedAccess(actor, access, ownerId), actor);

export const requireAdminOperation = (actor: Actor | undefined, storedRole?: string | null): Actor =>
  enforce(decideAdminOperation(actor, storedRole), actor);

/** Any signed-in caller: for operations on no one's records (the model list, prompts computed from the input). */
export const requireSignedIn = (actor: Actor | undefined): Actor =>
  enforce(actor ? 'allowed' : 'unauthenticated', actor);
