import { DomainError, type ErrorCode } from '@promptloom/proto';
import { RequestInterrupted } from '@promptloom/shared';

export const HTTP_STATUS_OF: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  GONE: 410,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  BAD_GATEWAY: 502,
  INTERNAL: 500,
};

export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
  /** A 429's wait in seconds, also sent as the `Retry-After` header. */
  retry_after?: number;
  /** A 503 for a request cut off in flight: it may have been applied; retry it with the same Idempotency-Key. */
  may_have_been_applied?: true;
}

/** What a 503 asks the client to wait before trying again (the bus reconnects every second). */
export const RETRY_AFTER_SECONDS = 2;

export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.';

/**
 * What a client is told: an unavailable service's detail (which subject timed out) is for the logs only; a request
 * cut off in flight says it may have been applied and how to retry it safely.
 */
export function publicMessage(error: DomainError): string {
  if (error instanceof RequestInterrupted) return error.message;
  return error.code === 'SERVICE_UNAVAILABLE' ? SERVICE_UNAVAILABLE_MESSAGE : error.message;
}

/** The REST envelope of an error: `{ message }`, plus `errors: { field: [messages] }` for a 422. */
export function errorResponse(error: DomainError): { status: number; body: ErrorBody } {
  const body: ErrorBody = { message: publicMessage(error) };
  if (error.code === 'BAD_USER_INPUT') body.errors = error.fields ?? {};
  if (error.retryAfterSeconds !== undefined) body.retry_after = error.retryAfterSeconds;
  if (error instanceof RequestInterrupted) body.may_have_been_applied = true;
  return { status: HTTP_STATUS_OF[error.code], body };
}

export const INTERNAL_ERROR = new DomainError('INTERNAL', 'Internal server error.');
