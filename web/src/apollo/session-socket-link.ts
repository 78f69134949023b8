import { ApolloLink } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient, type Client } from 'graphql-ws';
import { isRefusedSocketClose } from './session-refusal';

export interface SessionSocketOptions {
  url: string;
  token(): string | null;
  /** The socket came back after a drop: re-query what is on screen, so changes missed meanwhile appear. */
  onReconnected(): void;
  /** The socket opened (true) or closed (false). */
  onLive(up: boolean): void;
  /** The server refused this socket's session (close 4401 / 4403); it is not retried. */
  onRefused(): void;
}

interface SessionSocket {
  client: Client;
  link: GraphQLWsLink;
  /** Set once the session it belongs to has ended: its events no longer count. */
  retired: boolean;
}

/**
 * Subscriptions over graphql-ws, one socket per session: `restart()` closes the socket and completes every
 * subscription on it, and the next subscription opens a new socket with the token of that moment.
 */
export class SessionSocketLink extends ApolloLink {
  private socket: SessionSocket;

  constructor(private readonly options: SessionSocketOptions) {
    super();
    this.socket = this.openSocket();
  }

  override request(operation: ApolloLink.Operation) {
    return this.socket.link.request(operation);
  }

  restart(): void {
    const previous = this.socket;
    previous.retired = true;
    this.socket = this.openSocket();
    void previous.client.dispose();
  }

  private openSocket(): SessionSocket {
    const { options } = this;
    const client = createClient({
      url: options.url,
      lazy: true,
      retryAttempts: Infinity,
      shouldRetry: (event) => !isRefusedSocketClose(event),
      on: {
        connected: (_socket, _payload, wasRetry) => {
          if (socket.retired) return;
          options.onLive(true);
          if (wasRetry) options.onReconnected();
        },
        closed: (event) => {
          if (!socket.retired) options.onLive(false);
          if (!socket.retired && isRefusedSocketClose(event)) options.onRefused();
        },
      },
      connectionParams: () => {
        const token = options.token();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
    });
    const socket: SessionSocket = { client, link: new GraphQLWsLink(client), retired: false };
    return socket;
  }
}
