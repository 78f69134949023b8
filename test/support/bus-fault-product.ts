import { randomBytes } from 'node:crypto';
import { startAdminService, type RunningService } from '@promptloom/admin';
import { createGateway, type Gateway } from '@promptloom/gateway';
import { GeneratedBusKeys, NatsBus, SignedBus, createLogger } from '@promptloom/shared';
import { createTestDatabase, type TestDatabase } from '@promptloom/shared/testing';
import { TEST_JWT_SECRET } from './embedded-product';
import { startPrivateNats, type PrivateNats } from './private-nats';

export interface BusFaultProduct {
  nats: PrivateNats;
  database: TestDatabase;
  /** The gateway's own NATS connection, to watch it see an outage. */
  gatewayBus: NatsBus;
  /** The admin service's signed view of the bus. */
  adminBus: SignedBus;
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The gateway and the admin service in this process, each on its own connection to a NATS server of the test's own
 * (so the test may kill it), with a fresh database. Bus requests time out far beyond any test's own: an answer at
 * all proves nobody waited for one.
 */
export async function startBusFaultProduct(options: {
  namespacePrefix: string;
  /** The gateway's /readyz also checks its bus connection. */
  busReadiness?: boolean;
}): Promise<BusFaultProduct> {
  const namespace = `${options.namespacePrefix}-${randomBytes(4).toString('hex')}`;
  const logger = createLogger(`${options.namespacePrefix}-test`, process.env.TEST_LOG_LEVEL ?? 'silent');
  const closers: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const close of closers.splice(0).reverse()) await close();
  };
  try {
    const [nats, database] = await Promise.all([startPrivateNats(), createTestDatabase()]);
    closers.push(
      () => nats.stop(),
      () => database.drop(),
    );
    const connect = async (name: string) => {
      const bus = await NatsBus.connect({
        servers: nats.url,
        namespace,
        name,
        requestTimeoutMs: 600_000,
        closeTimeoutMs: 1_000,
      });
      closers.push(() => bus.close());
      return bus;
    };
    const [serviceBus, gatewayBus] = await Promise.all([connect('admin'), connect('gateway')]);
    // Each part signs and checks its requests as in the product (README "Security: signed actors on the bus").
    const busKeys = new GeneratedBusKeys();
    const adminBus = new SignedBus(serviceBus, { keys: busKeys.for('admin') });
    const service: RunningService = await startAdminService({
      databaseUrl: database.url,
      bus: adminBus,
      logger,
    });
    closers.push(() => service.stop());
    const gateway: Gateway = await createGateway({
      bus: new SignedBus(gatewayBus, { keys: busKeys.for('gateway') }),
      logger,
      jwtSecret: TEST_JWT_SECRET,
      sessionIdleMs: 3_600_000,
      maxBodyBytes: 1_048_576,
      ...(options.busReadiness
        ? { readinessChecks: [{ name: 'bus', check: async () => gatewayBus.isConnected() }] }
        : {}),
    });
    closers.push(() => gateway.close());
    const baseUrl = `http://127.0.0.1:${await gateway.listen(0, '127.0.0.1')}`;
    return { nats, database, gatewayBus, adminBus, baseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
