import { type NextFunction, type Request, type Response } from 'express';
import { DomainError, IdempotencyKey } from '@promptloom/proto';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * After `requestContext`: reads the caller's `Idempotency-Key` (README "Retrying a write safely") into the request's
 * context, which carries it with every bus request of this HTTP request. The IETF draft sends it as a structured
 * string (`"…"`); a bare value is taken too. A malformed key is refused (422) before anything runs.
 */
export function idempotencyKey() {
  return (request: Request, _response: Response, next: NextFunction) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return next();
    const value = typeof header === 'string' ? unquoted(header.trim()) : undefined;
    const parsed = IdempotencyKey.safeParse(value);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'The Idempotency-Key is not valid.';
      return next(new DomainError('BAD_USER_INPUT', message, { idempotency_key: [message] }));
    }
    request.context.idempotencyKey = parsed.data;
    next();
  };
}

function unquoted(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}
