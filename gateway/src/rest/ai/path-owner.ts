import { type Request } from 'express';
import { type Access, type Actor } from '@promptloom/proto';
import { requirePathAccess } from '../../auth/guards';

/** A `{userId}` in a path, by the policy: the token's user; an admin to read (403 otherwise). The worker checks again. */
export const requirePathOwner = (request: Request, userId: unknown, access: Access): Actor =>
  requirePathAccess(request, access, userId);

export const bodyOf = (request: Request): Record<string, unknown> =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};

export const LIST_FAMILIES_IN_PATHS = new Set(['tl', 'tr', 'bl', 'br']);
