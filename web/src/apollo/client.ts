import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { OperationTypeNode } from 'graphql';
import { idempotencyKeyLink, mutationRetryLink, withIdempotencyKey } from './idempotency-key';
import { announceLive, announceReconnect, resumesLive } from './reconnects';
import { isUnauthenticatedError } from './session-refusal';
import { SessionSocketLink } from './session-socket-link';

export interface ApolloSessionHooks {
  token(): string | null;
  /** The server renews an idle-expiring token on activity (`X-Access-Token`); the client keeps the newest. */
  onRenewedToken(token: string): void;
}

export interface ApolloSession {
  client: ApolloClient;
  /**
   * Ends what belongs to the current session: the cache is emptied, the socket and every subscription on it are
   * closed (the next subscription opens a new socket with the new token), and late answers no longer count.
   */
  reset(): Promise<void>;
  /** Calls `listener` when the server refuses the signed-in session (UNAUTHENTICATED over HTTP or WebSocket). */
  onSessionRefused(listener: () => void): () => void;
  /**
   * `fetch` for the REST calls the client makes itself (uploads, images): sends the token (and, for a change, an
   * Idempotency-Key unless `init.headers` has one), keeps a renewed one, and a 401 ends the session the same way an
   * UNAUTHENTICATED GraphQL answer does (then throws SessionRefusedError).
   */
  fetchAsUser(input: string, init?: RequestInit): Promise<Response>;
}

/** A REST call answered 401: the session is being signed out, so there is nothing to tell the user here. */
export class SessionRefusedError extends Error {
  constructor() {
    super('The server refused the session.');
    this.name = 'SessionRefusedError';
  }
}

/** Queries and mutations over HTTP, subscriptions over graphql-ws on the same path; the token on both. */
export function createApolloClient(session: ApolloSessionHooks): ApolloSession {
  // Bumped on every reset: an answer to a request of an earlier session cannot end the current one.
  let generation = 0;
  const listeners = new Set<() => void>();
  const refused = (requestGeneration: number) => {
    if (requestGeneration !== generation || !session.token()) return;
    for (const listener of listeners) listener();
  };

  // Set once the client exists. After a reconnect the live subscriptions resume from their last sequence
  // (announceReconnect) and every other query on screen is read again, so changes missed meanwhile appear.
  let refetchActive: () => void = () => undefined;
  const renewingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const renewed = response.headers.get('x-access-token');
    if (renewed) session.onRenewedToken(renewed);
    return response;
  };
  const stamp = new ApolloLink((operation, forward) => {
    operation.setContext({ sessionGeneration: generation });
    return forward(operation);
  });
  const unauthenticated = new ErrorLink(({ error, operation }) => {
    if (isUnauthenticatedError(error)) refused(operation.getContext().sessionGeneration as number);
  });
  const auth = new ApolloLink((operation, forward) => {
    const token = session.token();
    if (token) operation.setContext({ headers: { authorization: `Bearer ${token}` } });
    return forward(operation);
  });
  const http = new HttpLink({ uri: '/graphql', fetch: renewingFetch });
  const socket = new SessionSocketLink({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    token: session.token,
    onReconnected: () => {
      announceReconnect();
      refetchActive();
    },
    onLive: announceLive,
    onRefused: () => refused(generation),
  });
  const link = ApolloLink.from([
    stamp,
    unauthenticated,
    ApolloLink.split(
      (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
      socket,
      ApolloLink.from([auth, idempotencyKeyLink(), mutationRetryLink(), http]),
    ),
  ]);
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  refetchActive = () =>
    void client.refetchQueries({
      include: 'active',
      onQueryUpdated: (query) => !resumesLive(query.options.context),
    });
  return {
    client,
    async reset() {
      generation += 1;
      socket.restart();
      await client.clearStore();
    },
    onSessionRefused(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fetchAsUser: async (input, init = {}) => {
      const requestGeneration = generation;
      const headers = withIdempotencyKey(init.method, new Headers(init.headers));
      const token = session.token();
      if (token) headers.set('authorization', `Bearer ${token}`);
      const response = await renewingFetch(input, { ...init, headers });
      if (response.status === 401) {
        refused(requestGeneration);
        throw new SessionRefusedError();
      }
      return response;
    },
  };
}
