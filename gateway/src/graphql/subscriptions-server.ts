import { type IncomingMessage, type Server } from 'node:http';
import { GraphQLError, getOperationAST, specifiedRules, type GraphQLSchema } from 'graphql';
import { makeServer } from 'graphql-ws';
import { WebSocketServer } from 'ws';
import { findUnsafeText, type RequestContext } from '@promptloom/proto';
import { bearerToken, type TokenService } from '../auth/token-service';
import { type GraphQLContext } from './context';
import { type Sessions } from '../auth/sessions';
import {
  activeSubscriptions,
  websocketConnections,
  type Bus,
  type LiveSessions,
  type Logger,
} from '@promptloom/shared';
import { SessionSockets } from '../subscriptions/session-sockets';
import { formatError } from './errors';
import { type EventHub } from '../subscriptions/event-hub';
import { MAX_DOCUMENT_NESTING, documentNesting } from '../edge/graphql-nesting';
import { limitRules, type GraphQLLimits } from './graphql-limits';
import { SubscriptionBudget, type SubscriptionLimits } from '../subscriptions/subscription-budget';
import { TOO_MANY_MESSAGES_CLOSE, serveOverWebSocket, type WsExtra } from '../subscriptions/ws-transport';
import { type RequestRefusal } from '../http/request-limit';
import { DocumentCache } from '../subscriptions/document-cache';
import { sharedExecutionSubscribe } from '../subscriptions/shared-execution';

interface SocketExtra extends WsExtra {
  context?: RequestContext;
}

/**
 * graphql-ws on the same path as HTTP GraphQL. The token travels in the connection's init payload as
 * `{ authorization: 'Bearer …' }`; a connection with a bad token (or an ended session) is refused, one without stays
 * anonymous. When a session ends, its open sockets are closed with 4401 (4403 for a deactivated account). Each
 * operation passes the same edge checks as over HTTP (valid text, nesting, depth/alias/cost limits), and a socket or
 * user past its subscription budget is refused with TOO_MANY_REQUESTS. Each subscribe counts as a request against the
 * user's request limit (README "Limits"); past it the socket is closed with 4429, as for too many messages. A query
 * text is parsed and validated once, however many sockets send it, and identical subscriptions of one socket execute
 * each event once.
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
  graphqlLimits: GraphQLLimits;
  subscriptionLimits: SubscriptionLimits;
  maxMessagesPerSecond: number;
  /** Counts a request of a user (an address without a token) against the request limit. */
  requestRefusal: RequestRefusal;
  /** The client's address, as the HTTP routes see it (TRUST_PROXY). */
  clientAddress: (request: IncomingMessage) => string | undefined;
}) {
  const sockets = new SessionSockets();
  const stopClosing = options.liveSessions.onEnded((ended) => sockets.close(ended));
  const format = formatError(options.logger);
  const formatAll = (errors: readonly GraphQLError[]) => errors.map((error) => format(error.toJSON(), error));
  const rules = [...specifiedRules, ...limitRules(options.graphqlLimits)];
  const budget = new SubscriptionBudget(options.subscriptionLimits);
  const documents = new DocumentCache(options.schema, rules, options.graphqlLimits.maxTokens);
  const wsServer = new WebSocketServer({ server: options.httpServer, path: options.path });
  wsServer.on('connection', (socket) => {
    websocketConnections.inc();
    socket.once('close', () => websocketConnections.dec());
  });
  const server = makeServer<Record<string, unknown> | undefined, SocketExtra>({
    schema: options.schema,
    // The viewer is the socket's request context (one object per socket): results are shared within a socket only.
    subscribe: sharedExecutionSubscribe((context) => (context as GraphQLContext).request),
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
      if (context.actor) budget.joined(ctx, context.actor.userId);
      return true;
    },
    onClose: (ctx) => {
      const userId = ctx.extra.context?.actor?.userId;
      if (userId !== undefined) budget.left(ctx, userId);
    },
    onSubscribe: async (ctx, _id, payload) => {
      // Before any await: while this one waits, graphql-ws registers the next subscribes, which must not count here.
      const overBudget = budget.refusal(ctx, ctx.extra.context?.actor?.userId);
      const address = options.clientAddress(ctx.extra.request);
      const limited = await options.requestRefusal(ctx.extra.context?.actor?.userId, address);
      if (limited) {
        ctx.extra.socket.close(TOO_MANY_MESSAGES_CLOSE, limited.message);
        const extensions = { code: limited.code, retryAfter: limited.retryAfterSeconds };
        return [new GraphQLError(limited.message, { extensions })];
      }
      const unsafe = findUnsafeText(payload);
      if (unsafe) {
        const message = Object.values(unsafe)[0]![0]!;
        return [new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', fields: unsafe } })];
      }
      if (documentNesting(payload.query) > MAX_DOCUMENT_NESTING) {
        const message = `The query is nested too deeply (at most ${MAX_DOCUMENT_NESTING} levels).`;
        return [new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } })];
      }
      if (overBudget) return [new GraphQLError(overBudget, { extensions: { code: 'TOO_MANY_REQUESTS' } })];
      const prepared = documents.prepare(payload.query);
      if ('errors' in prepared) return prepared.errors;
      // Refused here rather than by graphql-ws, which would skip onComplete and leave the gauge counting it.
      if (!getOperationAST(prepared.document, payload.operationName)) {
        return [
          new GraphQLError('Unable to identify operation.', { extensions: { code: 'BAD_USER_INPUT' } }),
        ];
      }
      activeSubscriptions.inc();
      return {
        schema: options.schema,
        document: prepared.document,
        operationName: payload.operationName,
        variableValues: payload.variables,
      };
    },
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
  });
  const transport = serveOverWebSocket(server, wsServer, {
    logger: options.logger,
    maxMessagesPerSecond: options.maxMessagesPerSecond,
  });
  return {
    async close() {
      stopClosing();
      await transport.dispose();
    },
  };
}
