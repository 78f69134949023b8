import { z } from 'zod';
import { ADMIN } from '../access/declaration';
import { defineOperation } from '../operation';
import { wholeNumber as whole } from '../paging';

export const MAX_DEAD_LETTERS_PER_PAGE = 200;

/** `?after_sequence=&limit=`: dead letters are listed oldest first, from after a sequence. */
export const DeadLetterListRequest = z.object({
  after_sequence: whole('after sequence', 0).default(0),
  limit: whole('limit', 1, MAX_DEAD_LETTERS_PER_PAGE).default(50),
});

export const DeadLetterRetryRequest = z.object({ sequence: whole('sequence', 1) });

/** A job that failed past its deadline (or could not be read), or an event no consumer could use. */
export const DeadLetterRecord = z.object({
  sequence: z.number().int().positive(),
  kind: z.enum(['job', 'event']),
  /** The job's queue or the event's subject. */
  source: z.string(),
  id: z.string(),
  reason: z.string(),
  attempts: z.number().int().min(0),
  dead_at: z.string(),
  user_id: z.number().int().nullable(),
  request_id: z.string().nullable(),
});
export type DeadLetterRecord = z.infer<typeof DeadLetterRecord>;

export const DeadLetterList = z.object({
  items: z.array(DeadLetterRecord),
  /** Give as `after_sequence` for the next page; null when this page is the last. */
  next_after: z.number().int().nullable(),
});

/** Admin-only operations on the bus's dead letters; the admin service checks the caller's stored role. */
export const deadLetterOperations = {
  list: defineOperation('admin', 'deadLetters.list', DeadLetterListRequest, DeadLetterList, ADMIN),
  retry: defineOperation('admin', 'deadLetters.retry', DeadLetterRetryRequest, DeadLetterRecord, ADMIN),
} as const;
