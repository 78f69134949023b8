import { type GraphQLFormattedError } from 'graphql';

// GraphQL's own message when a variable holds a value outside an enum, e.g. `Variable "$input" got invalid value
// "Sometimes" at "input.status"; Value "Sometimes" does not exist in "AccountStatus" enum.`
const OUTSIDE_ENUM =
  /^Variable "\$(\w+)" got invalid value .*?(?: at "([\w.[\]]+)")?; Value .* does not exist in "\w+" enum/;

/**
 * A variable's value outside a GraphQL enum, as the field message every other bad input gets
 * (`status`: 'The selected status is invalid.', SPEC's wording); null for any other error.
 */
export function enumInputError(formatted: GraphQLFormattedError): { field: string; message: string } | null {
  const match = OUTSIDE_ENUM.exec(formatted.message);
  const path = match?.[2] ?? match?.[1];
  if (!path) return null;
  const field =
    path
      .replace(/\[\d+\]/g, '')
      .split('.')
      .pop() ?? path;
  return { field, message: `The selected ${field} is invalid.` };
}
