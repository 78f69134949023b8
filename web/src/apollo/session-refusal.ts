import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/**
 * graphql-ws close codes that mean "this session is not (or no longer) accepted": 4403 is what the gateway sends
 * when a connection's token is refused, 4401 what a server sends for an unauthorised socket.
 */
const REFUSED_SOCKET_CODES = new Set([4401, 4403]);

/** A socket closed because the server refused the session (not a dropped network, which is retried). */
export function isRefusedSocketClose(event: unknown): boolean {
  return (
    typeof event === 'object' &&
    event !== null &&
    'code' in event &&
    REFUSED_SOCKET_CODES.has((event as { code: number }).code)
  );
}

/** An operation error saying the session is not valid: `UNAUTHENTICATED` from GraphQL, or an HTTP 401. */
export function isUnauthenticatedError(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error))
    return error.errors.some((entry) => entry.extensions?.code === 'UNAUTHENTICATED');
  return ServerError.is(error) && error.statusCode === 401;
}
