import { CombinedGraphQLErrors } from '@apollo/client';

/** The server's message when a limit refused the call (`TOO_MANY_REQUESTS`), else null. */
export function limitMessageOf(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const limited = error.errors.find((graphQLError) => graphQLError.extensions?.code === 'TOO_MANY_REQUESTS');
  return limited?.message ?? null;
}
