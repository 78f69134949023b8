import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface LiveSubscription<T> {
  /** Everything received so far, in order. */
  received: T[];
  /** The error the server ended the subscription with, if it did. */
  error(): unknown;
  close(): Promise<void>;
}

/** Opens a graphql-ws connection (with the token in the init payload, as the web client does) and subscribes. */
export async function subscribe<T = any>(
  baseUrl: string,
  query: string,
  token?: string,
): Promise<LiveSubscription<T>> {
  const client: Client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
  });
  const received: T[] = [];
  let failure: unknown = null;
  let acknowledged = false;
  client.on('connected', () => (acknowledged = true));
  client.subscribe<T>(
    { query },
    {
      next: (value) => {
        if (value.errors) failure = value.errors;
        else if (value.data) received.push(value.data as T);
      },
      error: (error) => (failure = error),
      complete: () => undefined,
    },
  );
  const deadline = Date.now() + 5000;
  while (!acknowledged && failure === null && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  // The subscription is registered on the server right after the connection is acknowledged.
  await new Promise((r) => setTimeout(r, 100));
  return { received, error: () => failure, close: () => client.dispose() as Promise<void> };
}
