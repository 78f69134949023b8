import http from 'node:http';
import { type AddressInfo } from 'node:net';
import express from 'express';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import { readiness, sendMetrics, type Bus, type Logger, type ReadinessCheck } from '@promptloom/shared';
import { Sessions } from './auth/sessions';
import { TokenService } from './auth/token-service';
import { bodyParsers, bodyParsingErrors } from './http/body-parsing';
import { errorHandler } from './http/error-handler';
import { requestContext } from './http/request-context';
import { requestLog } from './http/request-log';
import { webApp } from './http/web-app';
import { imageRoutes, signatureRoutes, streamRoutes } from './rest/signature';
import { resolveUploadSettings, type UploadSettings } from './uploads/upload-settings';
import { adminCatalogueRoutes } from './rest/admin-catalogue-routes';
import { adminDeadLetterRoutes } from './rest/admin-dead-letter-routes';
import { adminInsightRoutes } from './rest/admin-insight-routes';
import { adminRecordRoutes } from './rest/admin-record-routes';
import { adminUserRoutes } from './rest/admin-user-routes';
import { aiRoutes } from './rest/ai';
import { authRoutes } from './rest/auth-routes';
import { clientConfigRoutes } from './rest/client-config-routes';
import { type GraphQLContext } from './graphql/context';
import { formatError } from './graphql/errors';
import { operationMetricsPlugin } from './graphql/operation-metrics';
import { unavailableStatusPlugin } from './graphql/unavailable-status';
import { buildGatewaySchema } from './graphql/schema';
import { startSubscriptionsServer } from './graphql/subscriptions-server';
import { EventHub } from './subscriptions/event-hub';

export interface GatewayOptions {
  bus: Bus;
  logger: Logger;
  jwtSecret: string;
  sessionIdleMs: number;
  maxBodyBytes: number;
  /** The built web client to serve; without it a placeholder page answers at `/`. */
  webDistDir?: string;
  /** Checks of what this process runs besides the gateway (its database, the bus …), for /readyz. */
  readinessChecks?: ReadinessCheck[];
  /** Where raw uploads go and images are read from; by default what S3_* / DATA_DIR and IMAGE_MAX_BYTES say. */
  uploads?: UploadSettings;
}

export interface Gateway {
  httpServer: http.Server;
  listen(port: number, host?: string): Promise<number>;
  /** Stops accepting connections, lets in-flight requests finish, closes subscriptions. */
  close(): Promise<void>;
}

const GRAPHQL_PATH = '/graphql';

/** The stateless edge: REST facade, GraphQL over HTTP and WebSocket, health, and the web client, on one server. */
export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const tokens = new TokenService(options.jwtSecret, options.sessionIdleMs);
  const sessions = new Sessions(options.bus, tokens);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  const httpServer = http.createServer(app);

  const uploads = await resolveUploadSettings(options.uploads);
  const events = new EventHub();
  await events.start(options.bus);
  const schema = await buildGatewaySchema(events);
  const subscriptions = startSubscriptionsServer({
    httpServer,
    path: GRAPHQL_PATH,
    schema,
    tokens,
    sessions,
    bus: options.bus,
    events,
    logger: options.logger,
  });
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    formatError: formatError(options.logger),
    // The process owns shutdown (shutdownOnSignals); Apollo's own handler would re-send the signal mid-drain.
    stopOnTerminationSignals: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      unavailableStatusPlugin(),
      operationMetricsPlugin(),
      { serverWillStart: async () => ({ drainServer: () => subscriptions.close() }) },
    ],
  });
  await apollo.start();

  app.get('/healthz', (_request, response) => {
    response.json({ status: 'ok' });
  });
  app.get('/readyz', async (_request, response) => {
    const { ready, failing } = await readiness(options.readinessChecks ?? []);
    response.status(ready ? 200 : 503).json(ready ? { status: 'ready' } : { status: 'not ready', failing });
  });

  app.get('/metrics', (_request, response, next) => {
    sendMetrics(response).catch(next);
  });

  app.use(requestContext(tokens));
  app.use(requestLog(options.logger));
  app.use(bodyParsers(options.maxBodyBytes));
  app.use(bodyParsingErrors(options.maxBodyBytes));
  app.use(
    GRAPHQL_PATH,
    expressMiddleware(apollo, {
      context: async ({ req }) => ({
        request: req.context,
        authError: req.authError,
        sessions,
        bus: options.bus,
        events,
      }),
    }),
  );
  app.use(authRoutes(sessions));
  app.use(clientConfigRoutes({ sessionIdleMs: options.sessionIdleMs }));
  app.use(adminUserRoutes(options.bus));
  app.use(signatureRoutes(options.bus));
  app.use(streamRoutes(options.bus, uploads));
  app.use(imageRoutes(options.bus, uploads.objectStore));
  app.use(aiRoutes(options.bus));
  app.use(adminCatalogueRoutes(options.bus));
  app.use(adminInsightRoutes(options.bus));
  app.use(adminDeadLetterRoutes(options.bus));
  app.use(adminRecordRoutes(options.bus));
  app.use('/api', (_request, response) => {
    response.status(404).json({ message: 'Not found.' });
  });
  app.use(webApp(options.webDistDir));
  app.use(errorHandler(options.logger));

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
    },
  };
}
