import { type Request } from 'express';
import {
  DomainError,
  NOT_AUTHENTICATED_MESSAGE,
  requireAdminOperation,
  requireOwnedAccess,
  type Access,
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

/**
 * The policy for a record of the user named in a path (`{userId}`): the owner; an admin to read. A value that is
 * not a user id is left to the service, which answers it with a 422 on the field.
 */
export function requirePathAccess(request: Request, access: Access, userId: unknown): Actor {
  const actor = requireRequestActor(request);
  const text = String(userId);
  if (!/^\d{1,15}$/.test(text)) return actor;
  return requireOwnedAccess(actor, access, Number(text));
}

export const requireRequestActor = (request: Request) => requireActor(request.context, request.authError);
export const requireRequestAdmin = (request: Request) => requireAdmin(request.context, request.authError);
