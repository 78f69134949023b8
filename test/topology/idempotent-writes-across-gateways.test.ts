import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { type TestDatabase } from '@promptloom/shared/testing';
import {
  startDistributedOnPrivateNats,
  type DistributedOnPrivateNats,
} from '../support/distributed-on-private-nats';
import { type DistributedProduct } from '../support/distributed-product';
import { requestJson } from '../support/http';

const CREATE_MODULE = `mutation ($input: ModuleInput!) { createModule(input: $input) { id name status } }`;

/**
 * Issue 28.6: a write repeated with its Idempotency-Key is applied once and answered the same, whichever gateway
 * the repeat reaches (the key is kept by the service that writes, in the write's transaction); the same key with
 * another request is refused with 422.
 */
describe('a write repeated with its Idempotency-Key through two gateways', () => {
  const namespace = `idempotent-${randomBytes(4).toString('hex')}`;
  let database: TestDatabase;
  let running: DistributedOnPrivateNats;
  let product: DistributedProduct;
  let sql: Client;
  let gateways: string[];
  let token: string;

  beforeAll(async () => {
    running = await startDistributedOnPrivateNats({ product: { namespace, gateways: 2 } });
    ({ database, product } = running);
    gateways = ['gateway', 'gateway-2'].map((name) => product.healthUrls.get(name)!);
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    const login = await requestJson(gateways[0]!, 'POST', '/api/login', { body: product.admin });
    expect(login.status).toBe(200);
    token = login.body.access_token as string;
  });

  afterAll(async () => {
    await sql?.end();
    await running?.stop();
  });

  const modulesNamed = async (name: string) =>
    Number(
      (
        await sql.query<{ n: string }>(`select count(*) as n from "admin"."modules" where "name" = $1`, [
          name,
        ])
      ).rows[0]!.n,
    );
  const storeModule = (gateway: string, name: string, key: string) =>
    requestJson(gateway, 'POST', '/api/admin/modules/store', {
      token,
      body: { name, status: 'Active' },
      headers: { 'Idempotency-Key': `"${key}"` },
    });
  const createModule = (gateway: string, name: string, key: string) =>
    requestJson(gateway, 'POST', '/graphql', {
      token,
      body: { query: CREATE_MODULE, variables: { input: { name } } },
      headers: { 'Idempotency-Key': key },
    });

  it('over REST: one row, the first answer twice, and 422 for the same key with another body', async () => {
    const [name, key] = [`Rest ${randomUUID()}`, randomUUID()];
    const first = await storeModule(gateways[0]!, name, key);
    expect(first.status).toBe(201);
    const repeat = await storeModule(gateways[1]!, name, key);
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual(first.body);
    expect(await modulesNamed(name)).toBe(1);

    const other = await storeModule(gateways[1]!, `Other ${randomUUID()}`, key);
    expect(other.status).toBe(422);
    expect(other.body.errors.idempotency_key[0]).toMatch(/already used for a different request/);
  });

  it('over GraphQL: one row, the first answer twice, and BAD_USER_INPUT for the same key with other input', async () => {
    const [name, key] = [`Graph ${randomUUID()}`, randomUUID()];
    const first = await createModule(gateways[1]!, name, key);
    expect(first.body.errors).toBeUndefined();
    const repeat = await createModule(gateways[0]!, name, key);
    expect(repeat.body).toEqual(first.body);
    expect(await modulesNamed(name)).toBe(1);

    const other = await createModule(gateways[0]!, `Other ${randomUUID()}`, key);
    expect(other.body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { idempotencyKey: [expect.stringMatching(/already used for a different request/)] },
    });
  });

  it('refuses a malformed key with 422 before anything runs', async () => {
    const name = `Bad key ${randomUUID()}`;
    const answer = await requestJson(gateways[0]!, 'POST', '/api/admin/modules/store', {
      token,
      body: { name, status: 'Active' },
      headers: { 'Idempotency-Key': 'two words' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.idempotency_key).toHaveLength(1);
    expect(await modulesNamed(name)).toBe(0);
  });
});
