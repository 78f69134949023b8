/**
 * Errors that cross process boundaries. A service throws a DomainError; the bus carries it as a WireError;
 * the gateway maps its code to an HTTP status or a GraphQL extensions.code.
 */
import { counted } from './counted';

export const ERROR_CODES = [
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  /** What existed and is no more: an expired or revoked share link (410). */
  'GONE',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
  'BAD_GATEWAY',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Field name → messages, the shape of a 422 `errors` object. */
export type FieldErrors = Record<string, string[]>;

export interface WireError {
  code: ErrorCode;
  message: string;
  fields?: FieldErrors;
  /** TOO_MANY_REQUESTS: whole seconds until the caller may try again (HTTP `Retry-After`). */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toWire(): WireError {
    const wire: WireError = { code: this.code, message: this.message };
    if (this.fields) wire.fields = this.fields;
    if (this.retryAfterSeconds !== undefined) wire.retryAfterSeconds = this.retryAfterSeconds;
    return wire;
  }

  static fromWire(wire: WireError): DomainError {
    return new DomainError(wire.code, wire.message, wire.fields, wire.retryAfterSeconds);
  }
}

/** A limit was reached: HTTP 429 with `Retry-After`, GraphQL `TOO_MANY_REQUESTS` with `extensions.retryAfter`. */
export function tooManyRequests(message: string, retryAfterSeconds: number): DomainError {
  return new DomainError('TOO_MANY_REQUESTS', message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
}

/** 'in 3 minutes', 'in 1 hour 5 minutes', 'in 40 seconds': when a limited caller may try again. */
export function describeWait(seconds: number): string {
  const total = Math.max(1, Math.ceil(seconds));
  if (total < 60) return `in ${counted(total, 'second')}`;
  const minutes = Math.ceil(total / 60);
  if (minutes < 60) return `in ${counted(minutes, 'minute')}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `in ${counted(hours, 'hour')}${rest ? ` ${counted(rest, 'minute')}` : ''}`;
}

/** A 422 whose message is the first field message, as Laravel-style clients expect. */
export function invalidInput(fields: FieldErrors, message?: string): DomainError {
  const first = Object.values(fields).find((messages) => messages.length > 0)?.[0];
  return new DomainError('BAD_USER_INPUT', message ?? first ?? 'The given data was invalid.', fields);
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
