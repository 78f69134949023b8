import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

export interface SessionSocket {
  /** The close code the server ended the connection with. */
  closed: Promise<number>;
  /** signatureChanged payloads received so far. */
  received: unknown[];
  close(): Promise<void>;
}

/**
 * A graphql-ws connection as the web client opens it (token in the init payload), subscribed to the user's signature
 * changes; resolves once the server acknowledged it (or, with `expectRefusal`, once the socket is open).
 */
export async function openSocket(
  baseUrl: string,
  token: string,
  options: { expectRefusal?: boolean } = {},
): Promise<SessionSocket> {
  let resolveClosed!: (code: number) => void;
  const closed = new Promise<number>((resolve) => (resolveClosed = resolve));
  let acknowledged!: () => void;
  const connected = new Promise<void>((resolve) => (acknowledged = resolve));
  const client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
    // The close is what the tests look at; graphql-ws would print it as an error.
    onNonLazyError: () => undefined,
    on: {
      connected: () => acknowledged(),
      closed: (event) => resolveClosed((event as { code: number }).code),
    },
  });
  const received: unknown[] = [];
  client.subscribe(
    { query: 'subscription { signatureChanged { change } }' },
    { next: (value) => void received.push(value.data), error: () => undefined, complete: () => undefined },
  );
  await (options.expectRefusal ? closed : Promise.race([connected, closed]));
  return { closed, received, close: () => client.dispose() as Promise<void> };
}
