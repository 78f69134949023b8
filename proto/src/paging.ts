import { z } from 'zod';

export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;

/** A whole number from a query string or body, with messages naming `label`. */
export const wholeNumber = (label: string, min: number, max?: number) => {
  let schema = z.coerce
    .number({ error: `The ${label} must be a number.` })
    .int({ error: `The ${label} must be a whole number.` })
    .min(min, { error: `The ${label} must be at least ${min}.` });
  if (max !== undefined) schema = schema.max(max, { error: `The ${label} must not be greater than ${max}.` });
  return schema;
};

/** `?page=&per_page=` of the admin lists. A page past the last is answered with the last page, not an error. */
export const PageRequest = z.object({
  page: wholeNumber('page', 1).default(1),
  per_page: wholeNumber('per page', 1, MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
});
export type PageRequest = z.infer<typeof PageRequest>;

/** SPEC §3 "Page envelope": data, current_page, last_page (plus per_page and total). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int().min(1),
    last_page: z.number().int().min(1),
    per_page: z.number().int().min(1),
    total: z.number().int().min(0),
  });
}

export interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** The page to serve for a request, clamped to the last page that exists (page 1 of an empty list). */
export function resolvePage(
  request: PageRequest,
  total: number,
): { page: number; lastPage: number; offset: number } {
  const lastPage = Math.max(1, Math.ceil(total / request.per_page));
  const page = Math.min(request.page, lastPage);
  return { page, lastPage, offset: (page - 1) * request.per_page };
}
