/**
 * Errors that cross process boundaries. A service throws a DomainError; the bus carries it as a WireError;
 * the gateway maps its code to an HTTP status or a GraphQL extensions.code.
 */
export const ERROR_CODES = [
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
  'TOO_MANY_REQUESTS',
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
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toWire(): WireError {
    return this.fields
      ? { code: this.code, message: this.message, fields: this.fields }
      : { code: this.code, message: this.message };
  }

  static fromWire(wire: WireError): DomainError {
    return new DomainError(wire.code, wire.message, wire.fields);
  }
}

/** A 422 whose message is the first field message, as Laravel-style clients expect. */
export function invalidInput(fields: FieldErrors, message?: string): DomainError {
  const first = Object.values(fields).find((messages) => messages.length > 0)?.[0];
  return new DomainError('BAD_USER_INPUT', message ?? first ?? 'The given data was invalid.', fields);
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
