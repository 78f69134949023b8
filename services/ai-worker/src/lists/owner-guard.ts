import {
  DomainError,
  NOT_AUTHENTICATED_MESSAGE,
  NOT_AUTHORIZED_MESSAGE,
  isAdmin,
  type Actor,
  type RequestContext,
} from '@promptloom/proto';

/**
 * The worker's own ownership check (the gateway checks too): a user reaches only their own records; admins may
 * read anyone's. Writes are the owner's alone.
 */
export function requireOwner(context: RequestContext, ownerId: number, access: 'read' | 'write'): Actor {
  const actor = context.actor;
  if (!actor) throw new DomainError('UNAUTHENTICATED', NOT_AUTHENTICATED_MESSAGE);
  if (actor.userId === ownerId) return actor;
  if (access === 'read' && isAdmin(actor)) return actor;
  throw new DomainError('FORBIDDEN', NOT_AUTHORIZED_MESSAGE);
}

export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} not found.`);
