import './tracing';
import {
  NatsBus,
  SignedBus,
  busKeysFromConfig,
  natsConnectionSettings,
  createLogger,
  exitOnStartupFailure,
  MEMORY_LIMIT_STORE,
  closeLimitStore,
  loadConfig,
  openPostgresLimitStore,
  drainingReadiness,
  requireSettings,
  shutdownOnSignals,
  shutdownTracing,
} from '@promptloom/shared';
import { createGateway } from './gateway';
import { gatewaySettings } from './gateway-settings';
import { edgeSettings } from './edge-settings';

/** The gateway as its own process (distributed mode): talks to the services over NATS. */
async function main(): Promise<void> {
  const logger = createLogger('gateway', process.env.LOG_LEVEL ?? 'info');
  try {
    const config = requireSettings(loadConfig(), ['NATS_URL', 'JWT_SECRET'], 'to run the gateway on its own');
    const keys = busKeysFromConfig(config, 'gateway');
    const nats = await NatsBus.connect({
      ...natsConnectionSettings(config),
      namespace: config.BUS_NAMESPACE,
      requestTimeoutMs: config.BUS_REQUEST_TIMEOUT_MS,
      name: 'gateway',
      logger,
    });
    // Every request to a service carries the gateway's signed statement of who is calling (README "Security").
    const bus = new SignedBus(nats, { keys, logger, proofTtlMs: config.BUS_PROOF_TTL_MS });
    // With DATABASE_URL the request limits hold across gateway replicas; without it each replica counts its own.
    const limitStore = config.DATABASE_URL
      ? await openPostgresLimitStore(config.DATABASE_URL, 'gateway')
      : MEMORY_LIMIT_STORE;
    if (!config.DATABASE_URL && config.RATE_LIMITS_ENABLED) {
      logger.warn('no DATABASE_URL: requests per user are counted per gateway replica, not across replicas');
    }
    const draining = drainingReadiness(config.SHUTDOWN_READY_DELAY_MS);
    const gateway = await createGateway({
      bus,
      logger,
      jwtSecret: config.JWT_SECRET,
      ...gatewaySettings(config),
      readinessChecks: [{ name: 'bus', check: async () => bus.isConnected() }, draining.check],
      requestLimits: {
        store: limitStore,
        perMinute: config.REQUESTS_PER_USER_PER_MINUTE,
        enabled: config.RATE_LIMITS_ENABLED,
      },
      ...edgeSettings(config),
    });
    const port = await gateway.listen(config.PORT ?? 4000, config.HOST);
    logger.info({ port }, 'gateway listening');
    shutdownOnSignals(
      logger,
      [
        draining.step,
        { name: 'gateway', run: () => gateway.close() },
        { name: 'bus', run: () => bus.close() },
        { name: 'limit store', run: () => closeLimitStore(limitStore) },
        { name: 'tracing', run: shutdownTracing },
      ],
      config.SHUTDOWN_TIMEOUT_MS,
    );
  } catch (error) {
    exitOnStartupFailure(logger, error);
  }
}

void main();
