/**
 * GraphQL takes statuses, entities and actions as strings; the operation's zod schema (at `call` and again in the
 * service) refuses any other value with a BAD_USER_INPUT naming the field, so the type here is only a promise
 * the schema keeps.
 */
export const uncheckedEnum = <T extends string>(value?: string | null): T | undefined =>
  (value ?? undefined) as T | undefined;
