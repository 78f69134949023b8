import { randomBytes } from 'node:crypto';
import { waitFor } from '@promptloom/shared/testing';
import { startDistributedProduct, type DistributedProduct } from '../support/distributed-product';
import { newUser, requestJson } from '../support/http';
import { deleteNamespaceStreams } from '../support/nats';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { TEST_NATS_URL } from '../support/processes';

/** Stop PostgreSQL under the running services: clear 503s, then recovery with nobody restarting anything. */
describe('fault: PostgreSQL stops and comes back', () => {
  const namespace = `pgstop-${randomBytes(4).toString('hex')}`;
  let postgres: PrivatePostgres;
  let product: DistributedProduct;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    product = await startDistributedProduct({ natsUrl: TEST_NATS_URL, databaseUrl: postgres.url, namespace });
  });
  afterAll(async () => {
    await product?.stop();
    await postgres?.dispose();
    await deleteNamespaceStreams(namespace);
  });

  it('answers 503 with a clear message while the database is down, and recovers by itself', async () => {
    const user = newUser();
    expect((await requestJson(product.baseUrl, 'POST', '/api/signup', { body: user })).status).toBe(201);
    const login = () =>
      requestJson(product.baseUrl, 'POST', '/api/login', {
        body: { email: user.email, password: user.password },
      });

    await postgres.stop();
    const down = await login();
    expect(down.status).toBe(503);
    expect(down.body.message).toBe('The service is temporarily unavailable. Please try again in a moment.');
    const adminReady = await fetch(`${product.healthUrls.get('admin')}/readyz`);
    expect(adminReady.status).toBe(503);

    await postgres.start();
    await waitFor(async () => (await login()).status === 200, 'logins to work again', 30_000);
    expect((await fetch(`${product.healthUrls.get('admin')}/readyz`)).status).toBe(200);
    expect(product.output()).not.toMatch(/exited|uncaught/i);
  });
});
