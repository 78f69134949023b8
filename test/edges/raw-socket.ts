import WebSocket from 'ws';

export interface RawMessage {
  type: string;
  id?: string;
  payload?: any;
}

/** A graphql-transport-ws connection driven message by message, to see exactly what the server answers. */
export interface RawSocket {
  send(message: RawMessage): void;
  /** Resolves with the first message (already received or still to come) that `match` accepts. */
  waitFor(match: (message: RawMessage) => boolean): Promise<RawMessage>;
  /** Resolves when the server closes the connection. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
  /** Drops the connection without a close frame, as a client whose network went away. */
  hangUp(): void;
}

export async function openSocket(baseUrl: string, token?: string): Promise<RawSocket> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const received: RawMessage[] = [];
  const waiters: Array<{ match: (message: RawMessage) => boolean; resolve: (message: RawMessage) => void }> =
    [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as RawMessage;
    received.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const waitFor = (match: (message: RawMessage) => boolean) => {
    const already = received.find(match);
    if (already) return Promise.resolve(already);
    return new Promise<RawMessage>((resolve) => waiters.push({ match, resolve }));
  };
  const send = (message: RawMessage) => socket.send(JSON.stringify(message));
  send({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} });
  await waitFor((message) => message.type === 'connection_ack');
  return {
    send,
    waitFor,
    closed,
    hangUp: () => socket.terminate(),
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}
