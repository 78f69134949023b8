import { type Request } from 'express';
import { DomainError, NOT_AUTHORIZED_MESSAGE, isAdmin, type Actor } from '@promptloom/proto';
import { requireRequestActor } from '../../auth/guards';

/**
 * A `{userId}` in a path must be the token's user (403 otherwise); admins may read anyone's. The AI worker checks
 * ownership again on every record.
 */
export function requirePathOwner(request: Request, userId: unknown, access: 'read' | 'write'): Actor {
  const actor = requireRequestActor(request);
  const same = String(actor.userId) === String(userId);
  if (!same && !(access === 'read' && isAdmin(actor)))
    throw new DomainError('FORBIDDEN', NOT_AUTHORIZED_MESSAGE);
  return actor;
}

export const bodyOf = (request: Request): Record<string, unknown> =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};

export const LIST_FAMILIES_IN_PATHS = new Set(['tl', 'tr', 'bl', 'br']);
