import { CombinedGraphQLErrors } from '@apollo/client';

export interface FormErrors {
  /** The first message per field (SPEC §5), keyed by the GraphQL field name. */
  fields: Record<string, string>;
  /** A message not tied to a field, or null. */
  message: string | null;
}

/** Reads a failed mutation: BAD_USER_INPUT field messages, or the server's message, or `fallback`. */
export function formErrorsOf(error: unknown, fallback: string): FormErrors {
  if (CombinedGraphQLErrors.is(error)) {
    const fields: Record<string, string> = {};
    for (const graphQLError of error.errors) {
      const perField = graphQLError.extensions?.fields as Record<string, string[]> | undefined;
      for (const [field, messages] of Object.entries(perField ?? {})) {
        if (messages[0] && !fields[field]) fields[field] = messages[0];
      }
    }
    if (Object.keys(fields).length > 0) return { fields, message: null };
    return { fields, message: error.errors[0]?.message ?? fallback };
  }
  return { fields: {}, message: fallback };
}

/** One line for a control with no field of its own: the first field message, else the message. */
export function firstMessageOf(errors: FormErrors): string | null {
  return Object.values(errors.fields)[0] ?? errors.message;
}
