import { DomainError } from '@promptloom/proto';
import { type DeadLetter, type DeadLetterQuery } from './bus';

export const DEFAULT_DEAD_LETTER_LIMIT = 50;
export const MAX_DEAD_LETTER_LIMIT = 500;

/** The cursor and page size of a dead-letter listing, checked. */
export function resolveDeadLetterQuery(query: DeadLetterQuery = {}): { after: number; limit: number } {
  const after = query.afterSequence ?? 0;
  const limit = query.limit ?? DEFAULT_DEAD_LETTER_LIMIT;
  if (!Number.isInteger(after) || after < 0) throw new Error('deadLetters(): afterSequence must be >= 0.');
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_DEAD_LETTER_LIMIT) {
    throw new Error(`deadLetters(): limit must be between 1 and ${MAX_DEAD_LETTER_LIMIT}.`);
  }
  return { after, limit };
}

export const deadLetterNotFound = (sequence: number): DomainError =>
  new DomainError('NOT_FOUND', `Dead letter ${sequence} not found.`);

export const onlyJobsRetry = (letter: DeadLetter): DomainError =>
  new DomainError('CONFLICT', `Dead letter ${letter.sequence} is an event; only jobs can be retried.`);
