import { type Request } from 'express';
import {
  DomainError,
  NOT_AUTHENTICATED_MESSAGE,
  requireAdminOperation,
  type Actor,
  type RequestContext,
} from '@promptloom/proto';

/** The authenticated caller, or a 401: 'You are not authenticated. Please log in.' (or why the token failed). */
export function requireActor(context: RequestContext, authError?: Error): Actor {
  if (context.actor) return context.actor;
  if (authError instanceof DomainError) throw authError;
  throw new DomainError('UNAUTHENTICATED', NOT_AUTHENTICATED_MESSAGE);
}

/** An authenticated admin (the policy on the token's role), or 401 / 403. The service checks the stored role. */
export function requireAdmin(context: RequestContext, authError?: Error): Actor {
  return requireAdminOperation(requireActor(context, authError));
}

export const requireRequestActor = (request: Request) => requireActor(request.context, request.authError);
export const requireRequestAdmin = (request: Request) => requireAdmin(request.context, request.authError);
