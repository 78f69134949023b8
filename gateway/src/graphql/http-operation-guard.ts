import { GraphQLError, type OperationDefinitionNode } from 'graphql';

export const SUBSCRIPTION_OVER_HTTP_MESSAGE =
  'Subscriptions are served over WebSocket (graphql-ws) at /graphql, not over HTTP.';

/** Refuses a subscription sent as an HTTP request with a clear 400 before anything runs. */
export function refuseSubscriptionOverHttp(operation: OperationDefinitionNode | undefined): void {
  if (operation?.operation !== 'subscription') return;
  throw new GraphQLError(SUBSCRIPTION_OVER_HTTP_MESSAGE, {
    extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
  });
}
