import { DomainError } from '@promptloom/proto';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is unavailable right now. Please try again in a moment.';

/**
 * SQLSTATEs caused by the values sent, not by the server: class 22 (data exception: a NUL byte, a bad encoding, a
 * number out of range) and 08P01 (protocol violation: a NUL inside a query's inlined text breaks the protocol).
 */
const INPUT_SQLSTATE_CLASS = '22';
const INPUT_PROTOCOL_VIOLATION = '08P01';

export const DATABASE_TOO_SLOW_MESSAGE =
  'The database took too long to answer. Please try again in a moment.';

/** 57014 query_canceled: the statement ran past DATABASE_STATEMENT_TIMEOUT_MS. */
const STATEMENT_TIMEOUT_SQLSTATE = '57014';

export const DATABASE_REFUSED_INPUT_MESSAGE = 'The request contains a value that cannot be stored.';

/** SQLSTATE classes and codes that mean "the server is not there", not "the query is wrong". */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Knex: Timeout acquiring a connection',
  'Client has encountered a connection error',
  'the database system is shutting down',
  'the database system is starting up',
];

/**
 * True when an error means PostgreSQL cannot be reached (stopped, restarting, refusing connections): such a request
 * answers SERVICE_UNAVAILABLE (503) instead of a bare internal error, and succeeds again once the server is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isInputRefusedByDatabase(error)) return false;
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as {
      code?: unknown;
      message?: unknown;
      name?: unknown;
      cause?: unknown;
      previous?: unknown;
    };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_NODE_CODES.has(code))
      return true;
    if (candidate.name === 'ConnectionException') return true;
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    if (UNAVAILABLE_MESSAGES.some((known) => message.includes(known))) return true;
    current = candidate.cause ?? candidate.previous;
  }
  return false;
}

/** True when PostgreSQL cancelled a statement that ran past its statement timeout. */
export function isStatementTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown; previous?: unknown };
    if (candidate.code === STATEMENT_TIMEOUT_SQLSTATE) return true;
    current = candidate.cause ?? candidate.previous;
  }
  return false;
}

/** True when PostgreSQL refused the values of a query (see INPUT_SQLSTATE_CLASS), not the connection. */
export function isInputRefusedByDatabase(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown; previous?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (code === INPUT_PROTOCOL_VIOLATION || (code.length === 5 && code.startsWith(INPUT_SQLSTATE_CLASS)))
      return true;
    current = candidate.cause ?? candidate.previous;
  }
  return false;
}

/**
 * Runs `work`, turning "the database cannot be reached" into SERVICE_UNAVAILABLE, and "the database refused these
 * values" into BAD_USER_INPUT: input must never look like an outage.
 */
export async function mapDatabaseUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (isInputRefusedByDatabase(error)) {
      throw new DomainError('BAD_USER_INPUT', DATABASE_REFUSED_INPUT_MESSAGE, {
        body: [DATABASE_REFUSED_INPUT_MESSAGE],
      });
    }
    if (isStatementTimeout(error)) {
      throw new DomainError('SERVICE_UNAVAILABLE', DATABASE_TOO_SLOW_MESSAGE);
    }
    if (isDatabaseUnavailable(error)) {
      throw new DomainError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
    }
    throw error;
  }
}
