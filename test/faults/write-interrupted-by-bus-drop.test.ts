import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ensureAdminAccount } from '@promptloom/admin';
import { waitFor, type TestDatabase } from '@promptloom/shared/testing';
import { startBusFaultProduct, type BusFaultProduct } from '../support/bus-fault-product';
import { requestJson } from '../support/http';
import { type PrivateNats } from '../support/private-nats';

const CREATE_MODULE = `mutation ($input: ModuleInput!) { createModule(input: $input) { id name } }`;

/**
 * Issue 28.6: a write in flight when the bus drops is answered at once (503, "may have been applied, retry with the
 * same Idempotency-Key"), not after the request timeout, and its retry with that key after NATS is back applies it
 * exactly once. The timeouts are set far beyond the test's own: an answer at all proves nobody waited for one.
 * The writes are held in flight by the admin catalogue's lock, taken by the test.
 */
describe('a write in flight when NATS drops', () => {
  const admin = {
    email: `admin.${randomBytes(4).toString('hex')}@example.com`,
    password: 'correct horse battery',
  };
  let product: BusFaultProduct;
  let nats: PrivateNats;
  let database: TestDatabase;
  let baseUrl: string;
  let sql: Client;

  beforeAll(async () => {
    product = await startBusFaultProduct({ namespacePrefix: 'interrupted' });
    ({ nats, database, baseUrl } = product);
    await ensureAdminAccount(product.adminBus, { ...admin, always: true });
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await product?.stop();
  });

  const count = async (query: string, values: unknown[] = []) =>
    Number((await sql.query<{ n: string }>(query, values)).rows[0]!.n);
  const modulesNamed = (name: string) =>
    count(`select count(*) as n from "admin"."modules" where "name" = $1`, [name]);

  it('answers both REST and GraphQL at once, and their retries with the same key apply each exactly once', async () => {
    const login = await requestJson(baseUrl, 'POST', '/api/login', { body: admin });
    expect(login.status).toBe(200);
    const token = login.body.access_token as string;
    const [restName, graphqlName] = [`Rest ${randomUUID()}`, `Graph ${randomUUID()}`];
    const [restKey, graphqlKey] = [randomUUID(), randomUUID()];
    const storeOverRest = () =>
      requestJson(baseUrl, 'POST', '/api/admin/modules/store', {
        token,
        body: { name: restName, status: 'Active' },
        headers: { 'Idempotency-Key': `"${restKey}"` },
      });
    const createOverGraphql = () =>
      requestJson(baseUrl, 'POST', '/graphql', {
        token,
        body: { query: CREATE_MODULE, variables: { input: { name: graphqlName } } },
        headers: { 'Idempotency-Key': graphqlKey },
      });

    // Catalogue writes take this lock first: holding it keeps both writes in flight in the admin service.
    await sql.query('begin');
    await sql.query(`select pg_advisory_xact_lock(hashtext('admin.catalogue'))`);
    const rest = storeOverRest();
    const graphql = createOverGraphql();
    await waitFor(
      async () =>
        (await count(
          `select count(*) as n from pg_locks l join pg_database d on d.oid = l.database
           where d.datname = $1 and l.locktype = 'advisory' and not l.granted`,
          [database.name],
        )) === 2,
      'both writes to wait for the catalogue lock',
    );

    await nats.pause();
    try {
      const restAnswer = await rest;
      expect(restAnswer.status).toBe(503);
      expect(restAnswer.body.may_have_been_applied).toBe(true);
      expect(restAnswer.body.message).toMatch(/may have been applied.*same Idempotency-Key/);
      const graphqlAnswer = await graphql;
      expect(graphqlAnswer.status).toBe(503);
      const [error] = graphqlAnswer.body.errors;
      expect(error.extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', mayHaveBeenApplied: true });
      expect(error.message).toMatch(/may have been applied.*same Idempotency-Key/);

      // The writes go on without the bus: both commit, and their answers are kept under their keys.
      await sql.query('commit');
      await waitFor(
        async () =>
          (await count(
            `select count(*) as n from "admin"."idempotency_keys" where "outcome" is not null`,
          )) === 2,
        'both writes to commit and keep their answers',
      );
    } finally {
      await nats.resume();
    }

    const retried = (await waitFor(async () => {
      const answer = await storeOverRest();
      return answer.status === 503 ? null : answer;
    }, 'the REST retry to reach the admin service after NATS returned'))!;
    expect(retried.status).toBe(201);
    expect(retried.body.data).toMatchObject({ name: restName });
    const again = await createOverGraphql();
    expect(again.status).toBe(200);
    expect(again.body.data.createModule).toMatchObject({ name: graphqlName });
    expect(await storeOverRest()).toMatchObject({ status: 201, body: retried.body });
    expect(await modulesNamed(restName)).toBe(1);
    expect(await modulesNamed(graphqlName)).toBe(1);
  }, 120_000);
});
