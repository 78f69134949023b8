import { z } from 'zod';
import { PageRequest } from '../paging';

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/** `?search=`: trimmed; an empty search is no search. */
export const searchField = z
  .string({ error: 'The search field must be a string.' })
  .trim()
  .max(100, { error: 'The search must not be greater than 100 characters.' })
  .optional()
  .transform((value) => (value ? value : undefined));

/** Stored AI records and signatures are Active (1) or Deactive (0); '' ('Select Status') and anything else are refused. */
export const recordStatusField = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
    error: 'The selected status is invalid.',
  })
  .transform((value) => Number(value) as 0 | 1);

/** The page, the server-side search across all pages, the sort column and its direction of an admin record list. */
export function recordListRequest<C extends readonly [string, ...string[]]>(sortColumns: C) {
  return PageRequest.extend({
    search: searchField,
    status: recordStatusField.optional(),
    sort: z.enum(sortColumns, { error: `The sort must be one of ${sortColumns.join(', ')}.` }).default('id'),
    direction: z.enum(SORT_DIRECTIONS, { error: 'The direction must be asc or desc.' }).default('asc'),
  });
}
