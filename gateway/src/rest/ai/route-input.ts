import { type Request } from 'express';

/** A JSON or form body as an object; anything else (an array, a string, nothing) counts as an empty form. */
export const bodyOf = (request: Request): Record<string, unknown> =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};

/** The list families a `{family}` path segment may name; any other segment is left to the next route. */
export const LIST_FAMILIES_IN_PATHS = new Set(['tl', 'tr', 'bl', 'br']);
