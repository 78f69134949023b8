import { randomBytes } from 'node:crypto';
import { startAdminService, type RunningService } from '@promptloom/admin';
import { createGateway, type Gateway } from '@promptloom/gateway';
import { GeneratedBusKeys, NatsBus, SignedBus, createLogger } from '@promptloom/shared';
import { createTestDatabase, waitFor, type TestDatabase } from '@promptloom/shared/testing';
import { TEST_JWT_SECRET } from '../support/embedded-product';
import { graphql, newUser, requestJson } from '../support/http';
import { startPrivateNats, type PrivateNats } from '../support/private-nats';

/**
 * While the gateway's NATS connection is down, requests answer 503 with Retry-After at once, REST and GraphQL alike
 * (issue 14.2). The request timeout is set far beyond the test's own: an answer at all proves nobody waited for it.
 */
describe('a bus outage fails fast at the gateway', () => {
  const namespace = `busdown-${randomBytes(4).toString('hex')}`;
  const logger = createLogger('bus-down-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  let nats: PrivateNats;
  let database: TestDatabase;
  let serviceBus: NatsBus;
  let gatewayBus: NatsBus;
  let admin: RunningService;
  let gateway: Gateway;
  let baseUrl: string;

  beforeAll(async () => {
    nats = await startPrivateNats();
    database = await createTestDatabase();
    const connect = (name: string) =>
      NatsBus.connect({
        servers: nats.url,
        namespace,
        name,
        requestTimeoutMs: 600_000,
        closeTimeoutMs: 1_000,
      });
    serviceBus = await connect('admin');
    gatewayBus = await connect('gateway');
    // Each part signs and checks its requests as in the product (README "Security: signed actors on the bus").
    const busKeys = new GeneratedBusKeys();
    admin = await startAdminService({
      databaseUrl: database.url,
      bus: new SignedBus(serviceBus, { keys: busKeys.for('admin') }),
      logger,
    });
    gateway = await createGateway({
      bus: new SignedBus(gatewayBus, { keys: busKeys.for('gateway') }),
      logger,
      jwtSecret: TEST_JWT_SECRET,
      sessionIdleMs: 3_600_000,
      maxBodyBytes: 1_048_576,
      readinessChecks: [{ name: 'bus', check: async () => gatewayBus.isConnected() }],
    });
    baseUrl = `http://127.0.0.1:${await gateway.listen(0, '127.0.0.1')}`;
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await admin?.stop();
    await gatewayBus?.close();
    await serviceBus?.close();
    await database?.drop();
    await nats?.stop();
  });

  it('answers 503 with Retry-After over REST and GraphQL while NATS is down, and works again after', async () => {
    const signup = await requestJson(baseUrl, 'POST', '/api/signup', { body: newUser() });
    expect(signup.status).toBe(201);
    const token = signup.body.access_token as string;
    expect((await requestJson(baseUrl, 'GET', '/api/me', { token })).status).toBe(200);

    await nats.pause();
    try {
      await waitFor(() => !gatewayBus.isConnected(), 'the gateway to see the outage');

      const rest = await requestJson(baseUrl, 'GET', '/api/me', { token });
      expect(rest.status).toBe(503);
      expect(rest.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(rest.body.message).toMatch(/unavailable/i);

      const login = await requestJson(baseUrl, 'POST', '/api/login', {
        body: { email: 'nobody@example.com', password: 'whatever-password' },
      });
      expect(login.status).toBe(503);

      const gql = await graphql(baseUrl, '{ me { id email } }', {}, token);
      expect(gql.status).toBe(503);
      expect(gql.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(gql.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await nats.resume();
    }

    await waitFor(
      async () => (await requestJson(baseUrl, 'GET', '/api/me', { token })).status === 200,
      'the gateway to answer again after NATS returned',
      20_000,
    );
    const gql = await graphql(baseUrl, '{ me { id } }', {}, token);
    expect(gql.status).toBe(200);
    expect(gql.body.data?.me).toBeTruthy();
  }, 60_000);
});
