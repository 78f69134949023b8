import { type IncomingMessage, type Server } from 'node:http';
import {
  GraphQLError,
  OperationTypeNode,
  getOperationAST,
  specifiedRules,
  type GraphQLSchema,
} from 'graphql';
import { CloseCode, makeServer } from 'graphql-ws';
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
import { schemaPrivacy } from './schema-privacy';
import { graphQLSizeProblems } from '../edge/graphql-size';
import { SubscriptionBudget, type SubscriptionLimits } from '../subscriptions/subscription-budget';
import { TOO_MANY_MESSAGES_CLOSE, serveOverWebSocket, type WsExtra } from '../subscriptions/ws-transport';
import { type RequestRefusal } from '../http/request-limit';
import { DocumentCache } from '../subscriptions/document-cache';
import { sharedExecutionSubscribe } from '../subscriptions/shared-execution';

const QUERY_OVER_WEBSOCKET_MESSAGE =
  'Queries and mutations are served over HTTP at /graphql; the WebSocket serves subscriptions only.';

interface SocketExtra extends WsExtra {
  context?: RequestContext;
}

/**
 * graphql-ws on the same path as HTTP GraphQL. The token travels in the connection's init payload as
 * `{ authorization: 'Bearer …' }`, which must arrive within `connectionInitTimeoutMs` (else 4408). Every
 * subscription needs a signed-in user, so a connection without a token is closed with 4401 and one with a bad token
 * (or an ended session) with 4403. When a session ends, its open sockets are closed with 4401 (4403 for a deactivated
 * account). Only subscriptions are served: a query or mutation answers BAD_REQUEST (HTTP serves those). Each
 * operation passes the same edge checks as over HTTP (size, valid text, nesting, depth/alias/cost limits, and in
 * production no introspection or suggestions), and a socket or user past its subscription budget is refused with
 * TOO_MANY_REQUESTS. Each subscribe counts as a request against the user's request limit (README "Limits"); past it
 * the socket is closed with 4429, as for too many messages. A message larger than `maxMessageBytes` closes the socket
 * with 1009. A query text is parsed and validated once, however many sockets send it, and identical subscriptions of
 * one socket execute each event once.
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
  /** No introspection, no "Did you mean" suggestions (as Apollo is told over HTTP). */
  production: boolean;
  /** The largest message a socket may send (the HTTP body limit); past it the socket is closed with 1009. */
  maxMessageBytes: number;
  /** How long a new socket has to send `connection_init`. */
  connectionInitTimeoutMs: number;
  subscriptionLimits: SubscriptionLimits;
  maxMessagesPerSecond: number;
  /** Counts a request of a user (an address without a token) against the request limit. */
  requestRefusal: RequestRefusal;
  /** The client's address, as the HTTP routes see it (TRUST_PROXY). */
  clientAddress: (request: IncomingMessage) => string | undefined;
}) {
  const sockets = new SessionSockets();
  const stopClosing = options.liveSessions.onEnded((ended) => sockets.close(ended));
  const { logger } = options;
  const format = formatError(logger);
  const privacy = schemaPrivacy(options.production);
  const formatAll = (errors: readonly GraphQLError[]) =>
    errors.map((error) => {
      const formatted = format(error.toJSON(), error);
      return { ...formatted, message: privacy.message(formatted.message) };
    });
  const rules = [...specifiedRules, ...limitRules(options.graphqlLimits), ...privacy.rules];
  const budget = new SubscriptionBudget(options.subscriptionLimits);
  const documents = new DocumentCache(options.schema, rules, options.graphqlLimits.maxTokens);
  const wsServer = new WebSocketServer({
    server: options.httpServer,
    path: options.path,
    maxPayload: options.maxMessageBytes,
  });
  wsServer.on('connection', (socket) => {
    websocketConnections.inc();
    socket.once('close', () => websocketConnections.dec());
  });
  const server = makeServer<Record<string, unknown> | undefined, SocketExtra>({
    schema: options.schema,
    connectionInitWaitTimeout: options.connectionInitTimeoutMs,
    // The viewer is the socket's request context (one object per socket): results are shared within a socket only.
    subscribe: sharedExecutionSubscribe((context) => (context as GraphQLContext).request),
    onConnect: async (ctx) => {
      const { requestId } = ctx.extra;
      const header = ctx.connectionParams?.authorization;
      const token = bearerToken(typeof header === 'string' ? header : undefined);
      if (!token) {
        logger.info({ requestId }, 'WebSocket refused: connection_init without a token');
        // Closed before graphql-ws's own refusal (4403), which then finds the socket closing and sends nothing.
        ctx.extra.socket.close(CloseCode.Unauthorized, 'Unauthorized: sign in first');
        return false;
      }
      const context: RequestContext = { requestId };
      try {
        const { actor } = options.tokens.verify(token);
        if (!(await options.liveSessions.isLive(actor))) {
          logger.info({ requestId }, 'WebSocket refused: the session has ended');
          return false;
        }
        context.actor = actor;
      } catch {
        logger.info({ requestId }, 'WebSocket refused: the token is not valid');
        return false;
      }
      sockets.add(context.actor.userId, context.actor.sessionId!, ctx.extra.socket);
      ctx.extra.context = context;
      budget.joined(ctx, context.actor.userId);
      return true;
    },
    onClose: (ctx) => {
      const userId = ctx.extra.context?.actor?.userId;
      if (userId !== undefined) budget.left(ctx, userId);
    },
    onSubscribe: async (ctx, id, payload) => {
      // Before any await: while this one waits, graphql-ws registers the next subscribes, which must not count here.
      const overBudget = budget.refusal(ctx, ctx.extra.context?.actor?.userId);
      const address = options.clientAddress(ctx.extra.request);
      const limited = await options.requestRefusal(ctx.extra.context?.actor?.userId, address);
      if (limited) {
        ctx.extra.socket.close(TOO_MANY_MESSAGES_CLOSE, limited.message);
        const extensions = { code: limited.code, retryAfter: limited.retryAfterSeconds };
        return [new GraphQLError(limited.message, { extensions })];
      }
      // Before anything reads the document: an oversized one costs a byte count, not a parse.
      const tooLarge = graphQLSizeProblems(payload.query, payload.variables, options.graphqlLimits);
      if (tooLarge) {
        const [field, [message]] = Object.entries(tooLarge)[0]!;
        logger.warn(
          { requestId: ctx.extra.requestId, id, fields: [field] },
          'GraphQL subscription refused: too large',
        );
        return [new GraphQLError(message!, { extensions: { code: 'BAD_USER_INPUT' } })];
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
      const operation = getOperationAST(prepared.document, payload.operationName);
      if (!operation) {
        return [
          new GraphQLError('Unable to identify operation.', { extensions: { code: 'BAD_USER_INPUT' } }),
        ];
      }
      // Queries and mutations go over HTTP, where their own limits apply (as subscriptions are refused there).
      if (operation.operation !== OperationTypeNode.SUBSCRIPTION) {
        return [new GraphQLError(QUERY_OVER_WEBSOCKET_MESSAGE, { extensions: { code: 'BAD_REQUEST' } })];
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
    logger,
    maxMessagesPerSecond: options.maxMessagesPerSecond,
  });
  return {
    async close() {
      stopClosing();
      await transport.dispose();
    },
  };
}
