import { type Server } from 'node:http';
import { type GraphQLError, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { type RequestContext } from '@promptloom/proto';
import { bearerToken, type TokenService } from '../auth/token-service';
import { type GraphQLContext } from './context';
import { type Sessions } from '../auth/sessions';
import { activeSubscriptions, websocketConnections, type Bus, type Logger } from '@promptloom/shared';
import { formatError } from './errors';
import { type EventHub } from '../subscriptions/event-hub';

/**
 * graphql-ws on the same path as HTTP GraphQL. The token travels in the connection's init payload as
 * `{ authorization: 'Bearer …' }`; a connection with a bad token is refused, one without stays anonymous.
 */
export function startSubscriptionsServer(options: {
  httpServer: Server;
  path: string;
  schema: GraphQLSchema;
  tokens: TokenService;
  sessions: Sessions;
  bus: Bus;
  events: EventHub;
  logger: Logger;
}) {
  const format = formatError(options.logger);
  const formatAll = (errors: readonly GraphQLError[]) => errors.map((error) => format(error.toJSON(), error));
  const wsServer = new WebSocketServer({ server: options.httpServer, path: options.path });
  wsServer.on('connection', (socket) => {
    websocketConnections.inc();
    socket.once('close', () => websocketConnections.dec());
  });
  const cleanup = useServer<Record<string, unknown>, { context?: RequestContext }>(
    {
      schema: options.schema,
      onConnect: (ctx) => {
        const header = ctx.connectionParams?.authorization;
        const token = bearerToken(typeof header === 'string' ? header : undefined);
        const context: RequestContext = {};
        if (token) {
          try {
            context.actor = options.tokens.verify(token).actor;
          } catch {
            return false;
          }
        }
        ctx.extra.context = context;
        return true;
      },
      onSubscribe: () => void activeSubscriptions.inc(),
      onComplete: () => void activeSubscriptions.dec(),
      // The same error shapes as over HTTP (Apollo's formatError does not run on this path).
      onError: (_ctx, _id, _payload, errors) => formatAll(errors),
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: formatAll(result.errors) } : undefined,
      context: (ctx): GraphQLContext => ({
        request: ctx.extra.context ?? {},
        sessions: options.sessions,
        bus: options.bus,
        events: options.events,
      }),
    },
    wsServer,
  );
  return {
    async close() {
      await cleanup.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}
