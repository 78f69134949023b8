import path from 'node:path';
import { describeGeneratedAdmin, ensureAdminAccount, startAdminService } from '@promptloom/admin';
import { jobSettingsOf, loadWorkerSettings, startAiWorker } from '@promptloom/ai-worker';
import { createGateway } from '@promptloom/gateway';
import { startSignatureService } from '@promptloom/signature-stream';
import {
  InProcessBus,
  createLogger,
  createObjectStore,
  exitOnStartupFailure,
  loadConfig,
  shutdownOnSignals,
} from '@promptloom/shared';
import { startEmbeddedDatabase } from './embedded-database';
import { embeddedJwtSecret } from './jwt-secret';

const DEFAULT_WEB_DIST = path.resolve(__dirname, '../../../web/dist');

/**
 * The embedded default (`npm start`): embedded PostgreSQL, the in-process bus, and the gateway with every service
 * in this one process, serving the whole product on PORT. Same code as the distributed processes, other `main`.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger('promptloom', config.LOG_LEVEL);
  try {
    const database = await startEmbeddedDatabase(config.DATA_DIR, logger);
    const bus = new InProcessBus({ requestTimeoutMs: config.BUS_REQUEST_TIMEOUT_MS });
    const admin = await startAdminService({
      databaseUrl: database.url,
      bus,
      logger: createLogger('admin', config.LOG_LEVEL),
    });

    const ai = await startAiWorker({
      databaseUrl: database.url,
      bus,
      logger: createLogger('ai-worker', config.LOG_LEVEL),
      provider: { apiKey: config.OPENAI_API_KEY, baseUrl: config.OPENAI_BASE_URL },
      jobs: jobSettingsOf(loadWorkerSettings()),
    });

    // One store for the gateway (raw uploads, serving) and the signature service: disk, or S3 when S3_* is set.
    const objectStore = await createObjectStore(config);
    const imageLimits = { maxBytes: config.IMAGE_MAX_BYTES, maxPixels: config.IMAGE_MAX_PIXELS };
    const signature = await startSignatureService({
      databaseUrl: database.url,
      bus,
      logger: createLogger('signature-stream', config.LOG_LEVEL),
      objectStore,
      imageLimits,
    });

    const firstAdmin = await ensureAdminAccount(bus, {
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
    });
    const notice = describeGeneratedAdmin(firstAdmin);
    if (notice) process.stdout.write(`${notice}\n`);

    const gateway = await createGateway({
      bus,
      logger: createLogger('gateway', config.LOG_LEVEL),
      jwtSecret: embeddedJwtSecret(config.DATA_DIR, config.JWT_SECRET),
      sessionIdleMs: config.SESSION_IDLE_MINUTES * 60_000,
      maxBodyBytes: config.MAX_BODY_BYTES,
      webDistDir: config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST,
      readinessChecks: [...admin.readinessChecks, ...signature.readinessChecks],
      uploads: { objectStore, maxBytes: imageLimits.maxBytes },
    });
    const port = await gateway.listen(config.PORT ?? 4000, config.HOST);
    logger.info({ port }, `Promptloom is running on http://localhost:${port}`);

    shutdownOnSignals(logger, [
      { name: 'gateway', run: () => gateway.close() },
      { name: 'admin service', run: () => admin.stop() },
      { name: 'ai worker', run: () => ai.stop() },
      { name: 'signature-stream service', run: () => signature.stop() },
      { name: 'bus', run: () => bus.close() },
      { name: 'database', run: () => database.stop() },
    ]);
  } catch (error) {
    exitOnStartupFailure(logger, error);
  }
}

void main();
