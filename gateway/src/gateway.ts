import http from 'node:http';
import { type AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import proxyAddress from 'proxy-addr';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import {
  LiveSessions,
  SESSION_CHECK_TTL_MS,
  readiness,
  type Bus,
  type Logger,
  type ReadinessCheck,
  type TrustProxy,
} from '@promptloom/shared';
import { CurrentUsers } from './auth/current-users';
import { Sessions } from './auth/sessions';
import { TokenService } from './auth/token-service';
import { bodyParsing } from './http/body-parsing';
import { corsPolicy } from './http/cors-policy';
import { contentEncodingGuard } from './edge/content-encoding';
import { packFileBody } from './edge/pack-file-body';
import { requestTextGuard } from './edge/request-text-guard';
import { graphQLSizeGuard } from './edge/graphql-size-guard';
import { errorHandler } from './http/error-handler';
import { withDirectRoutes } from './http/direct-routes';
import { HttpDrain } from './http/http-drain';
import { exactGetRoutes } from './http/exact-get-routes';
import { metricsRoute } from './http/metrics-route';
import { idempotencyKey } from './http/idempotency-key';
import { requestContext } from './http/request-context';
import { requestLog } from './http/request-log';
import { requestTrace } from './http/request-trace';
import { securityHeaders } from './http/security-headers';
import { series } from './http/series';
import { DEFAULT_REQUEST_LIMITS, requestLimits, type RequestLimitSettings } from './http/request-limit';
import { webApp } from './http/web-app';
import {
  imageRoutes,
  promptHistoryRoutes,
  packRoutes,
  signatureRoutes,
  streamRoutes,
  streamSettingsRoutes,
} from './rest/signature';
import { resolveUploadSettings, type UploadSettings } from './uploads/upload-settings';
import { adminAiCallRoutes } from './rest/admin-ai-call-routes';
import { adminAiQuotaRoutes } from './rest/admin-ai-quota-routes';
import { adminCatalogueRoutes } from './rest/admin-catalogue-routes';
import { adminDeadLetterRoutes } from './rest/admin-dead-letter-routes';
import { adminInsightRoutes } from './rest/admin-insight-routes';
import { adminRecordRoutes } from './rest/admin-record-routes';
import { awayRoutes } from './rest/away-routes';
import { adminUserRoutes } from './rest/admin-user-routes';
import { aiRoutes } from './rest/ai';
import { authRoutes, currentUserRoute } from './rest/auth-routes';
import { clientConfigRoutes } from './rest/client-config-routes';
import { type GraphQLContext } from './graphql/context';
import { formatError } from './graphql/errors';
import { DEFAULT_GRAPHQL_LIMITS, limitRules, type GraphQLLimits } from './graphql/graphql-limits';
import { HttpGraphQLContext } from './graphql/http-context';
import { httpRequestPlugin } from './graphql/http-request-plugin';
import { buildGatewaySchema } from './graphql/schema';
import { startSubscriptionsServer } from './graphql/subscriptions-server';
import { EventHub, type EventHubOptions } from './subscriptions/event-hub';
import { RESUMABLE_AI_EVENTS } from './graphql/ai';
import { RESUMABLE_SIGNATURE_EVENTS } from './graphql/signature';
import { DEFAULT_SUBSCRIPTION_LIMITS, type SubscriptionLimits } from './subscriptions/subscription-budget';

export interface GatewayOptions {
  bus: Bus;
  logger: Logger;
  jwtSecret: string;
  sessionIdleMs: number;
  maxBodyBytes: number;
  /** Origins other than the gateway's own whose pages may call it from a browser (CORS_ORIGINS); none by default. */
  corsOrigins?: readonly string[];
  /** Peers whose X-Forwarded-For names the client (TRUST_PROXY): hops or addresses; loopback only by default. */
  trustProxy?: TrustProxy;
  /** The built web client to serve; without it a placeholder page answers at `/`. */
  webDistDir?: string;
  /** Checks of what this process runs besides the gateway (its database, the bus …), for /readyz. */
  readinessChecks?: ReadinessCheck[];
  /** How long a looked-up session is trusted without a `session.ended` event (SESSION_CHECK_TTL_MS, 5 s). */
  sessionCheckTtlMs?: number;
  /** Where raw uploads go and images are read from; by default what S3_* / DATA_DIR and IMAGE_MAX_BYTES say. */
  uploads?: UploadSettings;
  /** Requests per user per minute (README "Limits"); by default 600, counted in memory. */
  requestLimits?: Partial<RequestLimitSettings>;
  /**
   * Production mode (NODE_ENV=production by default): no introspection, no field suggestions, no source maps, and
   * `/metrics` only with `metricsToken`.
   */
  production?: boolean;
  /** When set, `/metrics` answers only `Authorization: Bearer <metricsToken>`. */
  metricsToken?: string;
  /** Depth, alias, cost, token and size limits of one GraphQL operation; DEFAULT_GRAPHQL_LIMITS by default. */
  graphqlLimits?: Partial<GraphQLLimits>;
  /** Live subscriptions one WebSocket and one user may hold; DEFAULT_SUBSCRIPTION_LIMITS by default. */
  subscriptionLimits?: Partial<SubscriptionLimits>;
  /** Messages a second one WebSocket may send (bursts as large); past it the socket is closed with 4429. */
  maxSocketMessagesPerSecond?: number;
  /** How long a new WebSocket has to send its `connection_init` (with a token); past it, closed with 4408. */
  socketInitTimeoutMs?: number;
  /** How many recent events the hub keeps for catch-up and how much one subscription may buffer (README). */
  eventHub?: Omit<EventHubOptions, 'resumable'>;
}

export const DEFAULT_SOCKET_MESSAGES_PER_SECOND = 100;
export const DEFAULT_SOCKET_INIT_TIMEOUT_MS = 3000;

export interface Gateway {
  httpServer: http.Server;
  listen(port: number, host?: string): Promise<number>;
  /** Stops accepting connections, lets in-flight requests finish, closes subscriptions. */
  close(): Promise<void>;
}

const GRAPHQL_PATH = '/graphql';

/** The stateless edge: REST facade, GraphQL over HTTP and WebSocket, health, and the web client, on one server. */
export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const production = options.production ?? process.env.NODE_ENV === 'production';
  const graphqlLimits = { ...DEFAULT_GRAPHQL_LIMITS, ...options.graphqlLimits };
  const tokens = new TokenService(options.jwtSecret, options.sessionIdleMs);
  const sessionCheckTtlMs = options.sessionCheckTtlMs ?? SESSION_CHECK_TTL_MS;
  const liveSessions = new LiveSessions(options.bus, sessionCheckTtlMs);
  await liveSessions.watch();
  const currentUsers = new CurrentUsers(options.bus, sessionCheckTtlMs);
  await currentUsers.watch(liveSessions);
  const sessions = new Sessions(options.bus, tokens, currentUsers);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? ['loopback']);
  // Its request listener is added once the routes exist (withDirectRoutes, below).
  const httpServer = http.createServer();
  const httpDrain = new HttpDrain(httpServer);

  const uploads = await resolveUploadSettings(options.uploads);
  const events = new EventHub({
    resumable: [...RESUMABLE_AI_EVENTS, ...RESUMABLE_SIGNATURE_EVENTS],
    ...options.eventHub,
  });
  await events.start(options.bus);
  const schema = await buildGatewaySchema(events);
  const limits = requestLimits({ ...DEFAULT_REQUEST_LIMITS, ...options.requestLimits }, options.logger);
  const trustedProxy = app.get('trust proxy fn') as Parameters<typeof proxyAddress>[1];
  const subscriptions = startSubscriptionsServer({
    httpServer,
    path: GRAPHQL_PATH,
    schema,
    tokens,
    sessions,
    bus: options.bus,
    events,
    liveSessions,
    logger: options.logger,
    graphqlLimits,
    production,
    maxMessageBytes: options.maxBodyBytes,
    connectionInitTimeoutMs: options.socketInitTimeoutMs ?? DEFAULT_SOCKET_INIT_TIMEOUT_MS,
    subscriptionLimits: { ...DEFAULT_SUBSCRIPTION_LIMITS, ...options.subscriptionLimits },
    maxMessagesPerSecond: options.maxSocketMessagesPerSecond ?? DEFAULT_SOCKET_MESSAGES_PER_SECOND,
    requestRefusal: limits.refusal,
    clientAddress: (request) => proxyAddress(request, trustedProxy),
  });
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    formatError: formatError(options.logger),
    introspection: !production,
    hideSchemaDetailsFromClientErrors: production,
    csrfPrevention: true,
    validationRules: limitRules(graphqlLimits),
    parseOptions: { maxTokens: graphqlLimits.maxTokens },
    // The process owns shutdown (shutdownOnSignals); Apollo's own handler would re-send the signal mid-drain.
    stopOnTerminationSignals: false,
    plugins: [
      // No cache hints are used (GraphQL answers are per user); Apollo's default plugin would wrap every field.
      ApolloServerPluginCacheControlDisabled(),
      httpRequestPlugin(),
      { serverWillStart: async () => ({ drainServer: () => httpDrain.drain() }) },
      { serverWillStart: async () => ({ drainServer: () => subscriptions.close() }) },
    ],
  });
  await apollo.start();

  // Every response's headers, then the checks of every REST and GraphQL request in this order (see series).
  const answerHeaders = [securityHeaders(), corsPolicy(options.corsOrigins ?? [])];
  const [trace, context, log, retryKey, encoding, packFile, body, graphQLSize, text] = [
    requestTrace(),
    requestContext(tokens, liveSessions),
    requestLog(options.logger),
    idempotencyKey(),
    contentEncodingGuard(),
    packFileBody(options.maxBodyBytes),
    bodyParsing(options.maxBodyBytes),
    graphQLSizeGuard(graphqlLimits, options.logger),
    requestTextGuard(),
  ];
  const graphqlOverHttp = expressMiddleware(apollo, {
    context: async ({ req }) => new HttpGraphQLContext(req, sessions, options.bus, events),
  });
  const currentUser = currentUserRoute(sessions);
  const lastErrorHandler = errorHandler(options.logger);

  app.use(series(...answerHeaders));

  app.use(
    exactGetRoutes({
      '/healthz': (_request, response) => {
        response.json({ status: 'ok' });
      },
      '/readyz': async (_request, response) => {
        const answer = await readiness(options.readinessChecks ?? []);
        response.status(answer.ready ? 200 : 503).json(answer.body);
      },
      '/metrics': metricsRoute({ token: options.metricsToken, production }),
    }),
  );

  app.use(series(trace, context, log, retryKey, encoding, limits.byPath, packFile, body, graphQLSize, text));
  app.use(GRAPHQL_PATH, graphqlOverHttp);
  app.use(authRoutes(sessions));
  app.use(clientConfigRoutes({ sessionIdleMs: options.sessionIdleMs }));
  app.use(adminAiQuotaRoutes(options.bus));
  app.use(adminAiCallRoutes(options.bus));
  app.use(adminUserRoutes(options.bus));
  app.use(signatureRoutes(options.bus));
  app.use(packRoutes(options.bus));
  app.use(streamRoutes(options.bus, uploads));
  app.use(streamSettingsRoutes(options.bus));
  app.use(promptHistoryRoutes(options.bus));
  app.use(imageRoutes(options.bus, uploads.objectStore));
  app.use(aiRoutes(options.bus));
  app.use(adminCatalogueRoutes(options.bus));
  app.use(adminInsightRoutes(options.bus));
  app.use(adminDeadLetterRoutes(options.bus));
  app.use(adminRecordRoutes(options.bus));
  app.use(awayRoutes(options.bus));
  app.use('/api', (_request, response) => {
    response.status(404).json({ message: 'Not found.' });
  });
  app.use(webApp(options.webDistDir, { serveSourceMaps: !production }));
  app.use(lastErrorHandler);
  // The same steps as through the router, less those that cannot apply: the limit is known by the path, and neither
  // body is a pack file.
  const directly = (limit: RequestHandler, answer: RequestHandler) =>
    series(...answerHeaders, trace, context, log, retryKey, encoding, limit, body, graphQLSize, text, answer);
  httpServer.on(
    'request',
    withDirectRoutes(
      app,
      [
        ...['/api/me', '/api/user'].map((path) => ({
          method: 'GET' as const,
          url: path,
          baseUrl: '',
          routePath: path,
          handle: directly(limits.rest, currentUser),
        })),
        {
          method: 'POST',
          url: GRAPHQL_PATH,
          baseUrl: GRAPHQL_PATH,
          handle: directly(limits.graphql, graphqlOverHttp),
        },
      ],
      lastErrorHandler,
    ),
  );

  return {
    httpServer,
    listen: (port, host = '0.0.0.0') =>
      new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => resolve((httpServer.address() as AddressInfo).port));
      }),
    async close() {
      await apollo.stop();
      await events.stop();
      await currentUsers.stop();
      await liveSessions.stop();
    },
  };
}
