import { type z } from 'zod';
import { invalidInput, type FieldErrors } from './errors';
import { assertSafeText } from './text-safety';

/** Turns zod issues into `{ field: [messages] }`, the field being the dotted path ('' for the root). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    (fields[field] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * Parses input or throws a BAD_USER_INPUT DomainError carrying per-field messages. Text that cannot be stored
 * (control characters, lone surrogates, runaway nesting) is refused first, at every edge that parses input.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  assertSafeText(input);
  const result = schema.safeParse(input);
  if (!result.success) throw invalidInput(fieldErrorsOf(result.error));
  return result.data;
}
