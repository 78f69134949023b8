import { DomainError } from '@promptloom/proto';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is unavailable right now. Please try again in a moment.';

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

/** Runs `work`, turning "the database cannot be reached" into SERVICE_UNAVAILABLE. */
export async function mapDatabaseUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DomainError) && isDatabaseUnavailable(error)) {
      throw new DomainError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
    }
    throw error;
  }
}
