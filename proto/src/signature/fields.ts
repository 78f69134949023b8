import { z } from 'zod';

const isMissing = (input: unknown) => input === undefined || input === null;

/**
 * A list of names sent either as a JSON list or, as the spec's forms do, comma-joined ('Aurora, Dusk'). Names are
 * trimmed; blanks left by stray commas are dropped from a joined string.
 */
export function nameList(label: string, options: { maxItems: number; maxLength: number }) {
  const item = z
    .string({ error: `Each ${label} entry must be a string.` })
    .trim()
    .min(1, { error: `A ${label} entry cannot be empty.` })
    .max(options.maxLength, {
      error: `Each ${label} entry must not be greater than ${options.maxLength} characters.`,
    });
  return z.preprocess(
    (input) =>
      typeof input === 'string'
        ? input
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean)
        : input,
    z
      .array(item, {
        error: (issue) =>
          isMissing(issue.input) ? `The ${label} field is required.` : `The ${label} field must be a list.`,
      })
      .max(options.maxItems, { error: `The ${label} must not have more than ${options.maxItems} items.` }),
  );
}

/**
 * A yes/no form field: '1' / '0' as the spec's upload form sends it, 'true' / 'false', or a JSON boolean.
 */
export function flagField(label: string) {
  return z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])], {
      error: (issue) =>
        isMissing(issue.input) ? `The ${label} field is required.` : `The ${label} field must be 1 or 0.`,
    })
    .transform((value) => value === true || value === '1' || value === 'true');
}

/** The user id a body repeats (`user_id`), required and numeric. */
export const bodyUserId = z.coerce
  .number({ error: 'The user id field is required.' })
  .int({ error: 'The user id must be a whole number.' })
  .positive({ error: 'The user id field is required.' });
