import { createTestDatabase, type TestDatabase } from '@promptloom/shared/testing';
import { startDistributedProduct, type DistributedProduct } from './distributed-product';
import { startPrivateNats, type PrivateNats } from './private-nats';

export interface DistributedOnPrivateNats {
  nats: PrivateNats;
  database: TestDatabase;
  product: DistributedProduct;
  /** Stops the product, then drops its database and stops its NATS server. */
  stop(): Promise<void>;
}

/**
 * The distributed product (startDistributedProduct) on a NATS server of the test's own and a fresh database, both
 * started at once.
 */
export async function startDistributedOnPrivateNats(options: {
  nats?: Parameters<typeof startPrivateNats>[0];
  product: Omit<Parameters<typeof startDistributedProduct>[0], 'natsUrl' | 'databaseUrl'>;
}): Promise<DistributedOnPrivateNats> {
  const [nats, database] = await Promise.all([startPrivateNats(options.nats), createTestDatabase()]);
  const release = async () => {
    await database.drop();
    await nats.stop();
  };
  let product: DistributedProduct;
  try {
    product = await startDistributedProduct({
      ...options.product,
      natsUrl: nats.url,
      databaseUrl: database.url,
    });
  } catch (error) {
    await release();
    throw error;
  }
  return {
    nats,
    database,
    product,
    async stop() {
      await product.stop();
      await release();
    },
  };
}
