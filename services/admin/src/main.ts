import {
  NatsBus,
  createLogger,
  exitOnStartupFailure,
  loadConfig,
  requireSettings,
  shutdownOnSignals,
  startHealthServer,
} from '@promptloom/shared';
import { startAdminService } from './admin-service';
import { describeGeneratedAdmin, ensureAdminAccount } from './first-admin';

/** The admin service as its own process (distributed mode). */
async function main(): Promise<void> {
  const logger = createLogger('admin', process.env.LOG_LEVEL ?? 'info');
  try {
    const config = requireSettings(loadConfig(), ['DATABASE_URL', 'NATS_URL'], 'to run the admin service');
    const bus = await NatsBus.connect({
      servers: config.NATS_URL,
      namespace: config.BUS_NAMESPACE,
      requestTimeoutMs: config.BUS_REQUEST_TIMEOUT_MS,
      name: 'admin',
      logger,
    });
    const service = await startAdminService({ databaseUrl: config.DATABASE_URL, bus, logger });
    const notice = describeGeneratedAdmin(
      await ensureAdminAccount(bus, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }),
    );
    if (notice) process.stdout.write(`${notice}\n`);
    const health = await startHealthServer({
      port: config.PORT ?? 4101,
      host: config.HOST,
      checks: [...service.readinessChecks, { name: 'bus', check: async () => bus.isConnected() }],
    });
    logger.info({ port: health.port }, 'admin service running');
    shutdownOnSignals(logger, [
      { name: 'admin service', run: () => service.stop() },
      { name: 'bus', run: () => bus.close() },
      { name: 'health server', run: () => health.close() },
    ]);
  } catch (error) {
    exitOnStartupFailure(logger, error);
  }
}

void main();
