import { startAdminService, type RunningService } from '@promptloom/admin';
import { createGateway, type Gateway } from '@promptloom/gateway';
import { InProcessBus, createLogger, type Bus } from '@promptloom/shared';
import { createTestDatabase, type TestDatabase } from '@promptloom/shared/testing';

export interface TestProduct {
  baseUrl: string;
  bus: Bus;
  database: TestDatabase;
  admin: RunningService;
  stop(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * The product as `npm start` composes it (in-process bus, admin service, gateway on a real HTTP port), on a fresh
 * database of the machine's PostgreSQL instead of the embedded one, so tests start in a second.
 */
export async function startTestProduct(
  options: { sessionIdleMs?: number; maxBodyBytes?: number; webDistDir?: string } = {},
) {
  const logger = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const database = await createTestDatabase();
  const bus = new InProcessBus({ requestTimeoutMs: 5000 });
  const admin = await startAdminService({ databaseUrl: database.url, bus, logger });
  const gateway: Gateway = await createGateway({
    bus,
    logger,
    jwtSecret: TEST_JWT_SECRET,
    sessionIdleMs: options.sessionIdleMs ?? 3_600_000,
    maxBodyBytes: options.maxBodyBytes ?? 1_048_576,
    webDistDir: options.webDistDir,
    readinessChecks: admin.readinessChecks,
  });
  const port = await gateway.listen(0, '127.0.0.1');
  const product: TestProduct = {
    baseUrl: `http://127.0.0.1:${port}`,
    bus,
    database,
    admin,
    async stop() {
      await gateway.close();
      await admin.stop();
      await bus.close();
      await database.drop();
    },
  };
  return product;
}
