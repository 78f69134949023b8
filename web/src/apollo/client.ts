import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createClient } from 'graphql-ws';
import { noteReconnect } from './reconnects';

export interface ApolloSessionHooks {
  token(): string | null;
  /** The server renews an idle-expiring token on activity (`X-Access-Token`); the client keeps the newest. */
  onRenewedToken(token: string): void;
}

/** Queries and mutations over HTTP, subscriptions over graphql-ws on the same path; the token on both. */
export function createApolloClient(session: ApolloSessionHooks) {
  // Set once the client exists; a reconnect re-queries what is on screen, and live lists resume from their last
  // sequence (noteReconnect), so changes missed meanwhile appear.
  let refetchActive: () => void = () => undefined;
  const renewingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const renewed = response.headers.get('x-access-token');
    if (renewed) session.onRenewedToken(renewed);
    return response;
  };
  const auth = new ApolloLink((operation, forward) => {
    const token = session.token();
    if (token) operation.setContext({ headers: { authorization: `Bearer ${token}` } });
    return forward(operation);
  });
  const http = new HttpLink({ uri: '/graphql', fetch: renewingFetch });
  const socketUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
  const ws = new GraphQLWsLink(
    createClient({
      url: socketUrl,
      lazy: true,
      retryAttempts: Infinity,
      on: {
        connected: (_socket, _payload, wasRetry) => {
          if (!wasRetry) return;
          noteReconnect();
          refetchActive();
        },
      },
      connectionParams: () => {
        const token = session.token();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
    }),
  );
  const link = ApolloLink.split(
    (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
    ws,
    ApolloLink.from([auth, http]),
  );
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  refetchActive = () => void client.refetchQueries({ include: 'active' });
  return client;
}
