import './tracing';
import path from 'node:path';
import {
  describeGeneratedAdmin,
  ensureAdminAccount,
  signInLimitsOf,
  startAdminService,
} from '@promptloom/admin';
import { aiWorkerSettings, startAiWorker } from '@promptloom/ai-worker';
import { createGateway, edgeSettings, gatewaySettings } from '@promptloom/gateway';
import { signatureServiceSettings, startSignatureService } from '@promptloom/signature-stream';
import {
  GeneratedBusKeys,
  InProcessBus,
  SignedBus,
  createLogger,
  createObjectStore,
  databasePoolSettings,
  drainingReadiness,
  exitOnStartupFailure,
  limitStoreSettings,
  loadConfig,
  shutdownOnSignals,
  shutdownTracing,
} from '@promptloom/shared';
import { startEmbeddedDatabase } from './embedded-database';
import { embeddedJwtSecret } from './jwt-secret';
import { readyLine } from './ready-line';

const DEFAULT_WEB_DIST = path.resolve(__dirname, '../../../web/dist');

/**
 * The embedded default (`npm start`): embedded PostgreSQL, the in-process bus, and the gateway with every service
 * in this one process, serving the whole product on PORT. Same code as the distributed processes, other `main`:
 * each part takes its settings from the same function as its own process does (`aiWorkerSettings`, …).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger('promptloom', config.LOG_LEVEL);
  try {
    const database = await startEmbeddedDatabase(config.DATA_DIR, logger);
    const databasePool = databasePoolSettings(config);
    // With a logger, a service error is logged once (with its request id) here, as the NATS bus does distributed.
    const busLogger = createLogger('bus', config.LOG_LEVEL);
    const bus = new InProcessBus({ requestTimeoutMs: config.BUS_REQUEST_TIMEOUT_MS, logger: busLogger });
    // Each part signs what it sends with its own key, generated here: one process, nothing to configure.
    const keys = new GeneratedBusKeys();
    const busOf = (signer: 'gateway' | 'admin' | 'ai' | 'signature') =>
      new SignedBus(bus, { keys: keys.for(signer), logger: busLogger, proofTtlMs: config.BUS_PROOF_TTL_MS });
    const adminBus = busOf('admin');
    const admin = await startAdminService({
      databaseUrl: database.url,
      databasePool,
      bus: adminBus,
      logger: createLogger('admin', config.LOG_LEVEL),
      signInLimits: signInLimitsOf(config),
      limitStore: limitStoreSettings(config),
      passwordHashing: {
        threads: config.PASSWORD_HASH_THREADS,
        queue: config.PASSWORD_HASH_QUEUE,
        maxWaitMs: config.PASSWORD_HASH_MAX_WAIT_MS,
      },
    });

    const ai = await startAiWorker({
      databaseUrl: database.url,
      databasePool,
      bus: busOf('ai'),
      logger: createLogger('ai-worker', config.LOG_LEVEL),
      ...aiWorkerSettings(config),
    });

    // One store for the gateway (raw uploads, serving) and the signature service: disk, or S3 when S3_* is set.
    const objectStore = await createObjectStore(config);
    const signature = await startSignatureService({
      databaseUrl: database.url,
      databasePool,
      bus: busOf('signature'),
      logger: createLogger('signature-stream', config.LOG_LEVEL),
      objectStore,
      ...signatureServiceSettings(config),
    });

    const firstAdmin = await ensureAdminAccount(adminBus, {
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
    });
    const notice = describeGeneratedAdmin(firstAdmin);
    if (notice) process.stdout.write(`${notice}\n`);

    const draining = drainingReadiness(config.SHUTDOWN_READY_DELAY_MS);
    const gateway = await createGateway({
      bus: busOf('gateway'),
      logger: createLogger('gateway', config.LOG_LEVEL),
      jwtSecret: embeddedJwtSecret(config.DATA_DIR, config.JWT_SECRET),
      ...gatewaySettings(config),
      webDistDir: config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST,
      // Every part: each service's database, the object store (in the signature service's checks) and the bus.
      readinessChecks: [
        ...admin.readinessChecks,
        ...ai.readinessChecks,
        ...signature.readinessChecks,
        { name: 'bus', check: async () => bus.isConnected() },
        draining.check,
      ],
      uploads: {
        objectStore,
        maxBytes: config.IMAGE_MAX_BYTES,
        maxPixels: config.IMAGE_MAX_PIXELS,
        pendingLimits: {
          maxCount: config.UPLOAD_MAX_PENDING_IMAGES,
          maxBytes: config.UPLOAD_MAX_PENDING_BYTES,
        },
      },
      // One process: the request counts in memory are the whole product's.
      requestLimits: { perMinute: config.REQUESTS_PER_USER_PER_MINUTE, enabled: config.RATE_LIMITS_ENABLED },
      ...edgeSettings(config),
    });
    const port = await gateway.listen(config.PORT ?? 4000, config.HOST);
    logger.info({ port }, `Promptloom is running on http://localhost:${port}`);

    shutdownOnSignals(
      logger,
      [
        draining.step,
        { name: 'gateway', run: () => gateway.close() },
        { name: 'admin service', run: () => admin.stop() },
        { name: 'ai worker', run: () => ai.stop() },
        { name: 'signature-stream service', run: () => signature.stop() },
        { name: 'bus', run: () => bus.close() },
        { name: 'database', run: () => database.stop() },
        { name: 'tracing', run: shutdownTracing },
      ],
      config.SHUTDOWN_TIMEOUT_MS,
    );
    // Last, and plainly: where to open the product (a person reads this; the log line above is for machines).
    process.stdout.write(`\n${readyLine(config.HOST, port)}\n`);
  } catch (error) {
    exitOnStartupFailure(logger, error);
  }
}

void main();
