/** GraphQL fields are camelCase; the spec's payloads (and so proto's schemas and their field errors) snake_case. */
export const toCamelCase = (name: string): string =>
  name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
