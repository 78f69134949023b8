import { type Request } from 'express';
import {
  ADMIN_ROLE,
  DomainError,
  NOT_AUTHENTICATED_MESSAGE,
  NOT_AUTHORIZED_MESSAGE,
  type Actor,
  type RequestContext,
} from '@promptloom/proto';

/** The authenticated caller, or a 401: 'You are not authenticated. Please log in.' (or why the token failed). */
export function requireActor(context: RequestContext, authError?: Error): Actor {
  if (context.actor) return context.actor;
  if (authError instanceof DomainError) throw authError;
  throw new DomainError('UNAUTHENTICATED', NOT_AUTHENTICATED_MESSAGE);
}

/** An authenticated admin, or 401 / 403. The admin service checks the stored role again. */
export function requireAdmin(context: RequestContext, authError?: Error): Actor {
  const actor = requireActor(context, authError);
  if (actor.role !== ADMIN_ROLE) throw new DomainError('FORBIDDEN', NOT_AUTHORIZED_MESSAGE);
  return actor;
}

export const requireRequestActor = (request: Request) => requireActor(request.context, request.authError);
export const requireRequestAdmin = (request: Request) => requireAdmin(request.context, request.authError);
