import {
  NatsBus,
  createLogger,
  exitOnStartupFailure,
  loadConfig,
  requireSettings,
  shutdownOnSignals,
} from '@promptloom/shared';
import { createGateway } from './gateway';
import { edgeSettings } from './edge-settings';

/** The gateway as its own process (distributed mode): talks to the services over NATS. */
async function main(): Promise<void> {
  const logger = createLogger('gateway', process.env.LOG_LEVEL ?? 'info');
  try {
    const config = requireSettings(loadConfig(), ['NATS_URL', 'JWT_SECRET'], 'to run the gateway on its own');
    const bus = await NatsBus.connect({
      servers: config.NATS_URL,
      namespace: config.BUS_NAMESPACE,
      requestTimeoutMs: config.BUS_REQUEST_TIMEOUT_MS,
      name: 'gateway',
      logger,
    });
    const gateway = await createGateway({
      bus,
      logger,
      jwtSecret: config.JWT_SECRET,
      sessionIdleMs: config.SESSION_IDLE_MINUTES * 60_000,
      maxBodyBytes: config.MAX_BODY_BYTES,
      webDistDir: config.WEB_DIST_DIR,
      readinessChecks: [{ name: 'bus', check: async () => bus.isConnected() }],
      ...edgeSettings(config),
    });
    const port = await gateway.listen(config.PORT ?? 4000, config.HOST);
    logger.info({ port }, 'gateway listening');
    shutdownOnSignals(logger, [
      { name: 'gateway', run: () => gateway.close() },
      { name: 'bus', run: () => bus.close() },
    ]);
  } catch (error) {
    exitOnStartupFailure(logger, error);
  }
}

void main();
