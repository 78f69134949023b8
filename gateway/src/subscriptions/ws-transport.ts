import { type IncomingMessage } from 'node:http';
import { type Socket } from 'node:net';
import { CloseCode, handleProtocols, type Server } from 'graphql-ws';
import { type WebSocket, type WebSocketServer } from 'ws';
import { type Logger } from '@promptloom/shared';
import { requestIdOf } from '../http/request-context';
import { MessageRate } from './message-rate';

export interface WsExtra {
  socket: WebSocket;
  request: IncomingMessage;
  /** The connection's id in logs and bus requests: the upgrade request's `X-Request-Id` if well-formed. */
  requestId: string;
}

/** Close code for a client that sends messages faster than allowed (graphql-ws treats 4429 as final). */
export const TOO_MANY_MESSAGES_CLOSE = 4429;

/** ws's error for a message over the server's `maxPayload`; ws has already begun closing with 1009. */
const MESSAGE_TOO_LARGE = 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';

const HUNG_UP = new Set(['EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED']);

/**
 * graphql-ws on a `ws` server, as graphql-ws's own `useServer` does, with three differences: each socket may send
 * at most `maxMessagesPerSecond` messages (past that it is closed with 4429), failures go to our logger instead of
 * the console, and a client that hung up (EPIPE, a send to a closed socket) is a debug line, not an error. The
 * messages a socket is sent in one turn of the event loop (an event for its many subscriptions) leave in one write.
 */
export function serveOverWebSocket<E extends WsExtra>(
  server: Server<E>,
  wsServer: WebSocketServer,
  options: { logger: Logger; maxMessagesPerSecond: number; keepAliveMs?: number },
): { dispose(): Promise<void> } {
  const { logger } = options;
  const keepAliveMs = options.keepAliveMs ?? 12_000;
  wsServer.options.handleProtocols = handleProtocols;
  wsServer.on('error', (error) => logger.error({ err: error }, 'WebSocket server error'));
  wsServer.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    const requestId = requestIdOf(request.headers['x-request-id']);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === MESSAGE_TOO_LARGE) {
        // Not terminated: the 1009 close frame ws is sending tells the client why.
        logger.warn({ requestId, limit: wsServer.options.maxPayload }, 'WebSocket message too large: closed');
        return;
      }
      if (HUNG_UP.has(error.code ?? '')) logger.debug({ err: error }, 'WebSocket client hung up');
      else logger.warn({ err: error }, 'WebSocket socket error');
      socket.terminate();
    });
    const rate = new MessageRate(options.maxMessagesPerSecond);
    const afterSend = (error?: Error) => {
      // The client went away mid-send: nothing to tell it, nothing wrong with the server.
      if (error) logger.debug({ err: error }, 'WebSocket send after the client hung up');
    };
    let pongWait: NodeJS.Timeout | null = null;
    const keepAlive = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      pongWait = setTimeout(() => socket.terminate(), keepAliveMs);
      socket.once('pong', () => {
        if (pongWait) clearTimeout(pongWait);
        pongWait = null;
      });
      socket.ping();
    }, keepAliveMs);
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) => {
          if (socket.readyState !== socket.OPEN) return;
          const raw = request.socket;
          holdWritesForThisTurn(raw);
          // While the socket keeps up, graphql-ws goes on at once (no promise per frame). Past its high-water mark it
          // waits for the write: the subscriptions' events then wait in the hub, which ends those past maxBuffered.
          if (raw.writableLength < raw.writableHighWaterMark) return void socket.send(data, afterSend);
          return new Promise<void>((resolve) =>
            socket.send(data, (error) => {
              afterSend(error);
              resolve();
            }),
          );
        },
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', (data) => {
            if (!rate.take()) {
              if (socket.readyState === socket.OPEN) {
                logger.warn(
                  { requestId, limit: options.maxMessagesPerSecond },
                  'WebSocket client sent too many messages',
                );
                socket.close(TOO_MANY_MESSAGES_CLOSE, 'Too many messages: slow down.');
              }
              return;
            }
            handle(String(data)).catch((error: NodeJS.ErrnoException) => {
              if (socket.readyState !== socket.OPEN || HUNG_UP.has(error?.code ?? '')) {
                logger.debug({ err: error }, 'WebSocket message after the client hung up');
                return;
              }
              logger.error({ err: error }, 'WebSocket message handling failed');
              socket.close(CloseCode.InternalServerError, 'Internal server error');
            });
          }),
      },
      { socket, request, requestId } as E,
    );
    socket.once('close', (code, reason) => {
      clearInterval(keepAlive);
      if (pongWait) clearTimeout(pongWait);
      void closed(code, String(reason));
    });
  });
  return {
    async dispose() {
      for (const client of wsServer.clients) client.close(1001, 'Going away');
      wsServer.removeAllListeners();
      await new Promise<void>((resolve, reject) =>
        wsServer.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/**
 * Corks `socket` (the upgraded request's, which ws writes to) until the current turn's promise jobs have run: the
 * frames sent meanwhile go out in one writev instead of a system call each.
 */
function holdWritesForThisTurn(socket: Socket): void {
  if (socket.writableCorked > 0) return;
  socket.cork();
  process.nextTick(() => socket.uncork());
}
