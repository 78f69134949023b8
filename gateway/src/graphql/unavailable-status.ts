import { type GraphQLResponse } from '@apollo/server';
import { RETRY_AFTER_SECONDS } from '../http/error-responses';

/**
 * An operation that failed as a whole because a service or the bus was unavailable answers HTTP 503 with
 * `Retry-After`, as REST does, so load balancers and clients see it (GraphQL over HTTP would say 200). An
 * operation with some data, or with another error besides, keeps its 200.
 */
export function markUnavailable(response: GraphQLResponse): void {
  if (response.body.kind !== 'single') return;
  const { data, errors } = response.body.singleResult;
  if (!errors?.length) return;
  if (!errors.every((error) => error.extensions?.code === 'SERVICE_UNAVAILABLE')) return;
  if (data && Object.values(data).some((value) => value !== null)) return;
  response.http.status = 503;
  response.http.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
}
