import { type Server } from 'node:http';
import { type GraphQLError, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { type RequestContext } from '@promptloom/proto';
import { bearerToken, type TokenService } from '../auth/token-service';
import { type GraphQLContext } from './context';
import { type Sessions } from '../auth/sessions';
import { type Bus, type LiveSessions, type Logger } from '@promptloom/shared';
import { SessionSockets } from '../subscriptions/session-sockets';
import { formatError } from './errors';
import { type EventHub } from '../subscriptions/event-hub';

/**
 * graphql-ws on the same path as HTTP GraphQL. The token travels in the connection's init payload as
 * `{ authorization: 'Bearer …' }`; a connection with a bad token (or an ended session) is refused, one without stays
 * anonymous. When a session ends, its open sockets are closed with 4401 (4403 for a deactivated account).
 */
export function startSubscriptionsServer(options: {
  httpServer: Server;
  path: string;
  schema: GraphQLSchema;
  tokens: TokenService;
  sessions: Sessions;
  bus: Bus;
  events: EventHub;
  liveSessions: LiveSessions;
  logger: Logger;
}) {
  const sockets = new SessionSockets();
  const stopClosing = options.liveSessions.onEnded((ended) => sockets.close(ended));
  const format = formatError(options.logger);
  const formatAll = (errors: readonly GraphQLError[]) => errors.map((error) => format(error.toJSON(), error));
  const wsServer = new WebSocketServer({ server: options.httpServer, path: options.path });
  const cleanup = useServer<Record<string, unknown>, { context?: RequestContext }>(
    {
      schema: options.schema,
      onConnect: async (ctx) => {
        const header = ctx.connectionParams?.authorization;
        const token = bearerToken(typeof header === 'string' ? header : undefined);
        const context: RequestContext = {};
        if (token) {
          try {
            const { actor } = options.tokens.verify(token);
            if (!(await options.liveSessions.isLive(actor))) return false;
            context.actor = actor;
          } catch {
            return false;
          }
          sockets.add(context.actor.userId, context.actor.sessionId!, ctx.extra.socket);
        }
        ctx.extra.context = context;
        return true;
      },
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
      stopClosing();
      await cleanup.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}
