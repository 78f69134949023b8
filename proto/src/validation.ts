import { type z } from 'zod';
import { invalidInput, type FieldErrors } from './errors';

/** Turns zod issues into `{ field: [messages] }`, the field being the dotted path ('' for the root). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    (fields[field] ??= []).push(issue.message);
  }
  return fields;
}

/** Parses input or throws a BAD_USER_INPUT DomainError carrying per-field messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidInput(fieldErrorsOf(result.error));
  return result.data;
}
