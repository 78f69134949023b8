import {
  DomainError,
  NOT_AUTHENTICATED_MESSAGE,
  NOT_AUTHORIZED_MESSAGE,
  isAdmin,
  type Actor,
  type RequestContext,
} from '@promptloom/proto';

/**
 * The service's own check that the caller may act on `userId`'s records: that user, or an admin. The gateway
 * checks too; this holds for any caller on the bus. Roles come from the gateway's verified token.
 */
export function requireOwnerOrAdmin(context: RequestContext, userId: number): Actor {
  const actor = requireCaller(context);
  if (actor.userId !== userId && !isAdmin(actor)) throw new DomainError('FORBIDDEN', NOT_AUTHORIZED_MESSAGE);
  return actor;
}

export function requireCaller(context: RequestContext): Actor {
  if (!context.actor) throw new DomainError('UNAUTHENTICATED', NOT_AUTHENTICATED_MESSAGE);
  return context.actor;
}
