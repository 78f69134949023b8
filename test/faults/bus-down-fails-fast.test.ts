import { type NatsBus } from '@promptloom/shared';
import { waitFor } from '@promptloom/shared/testing';
import { startBusFaultProduct, type BusFaultProduct } from '../support/bus-fault-product';
import { graphql, newUser, requestJson } from '../support/http';
import { type PrivateNats } from '../support/private-nats';

/**
 * While the gateway's NATS connection is down, requests answer 503 with Retry-After at once, REST and GraphQL alike
 * (issue 14.2). The request timeout is set far beyond the test's own: an answer at all proves nobody waited for it.
 */
describe('a bus outage fails fast at the gateway', () => {
  let product: BusFaultProduct;
  let nats: PrivateNats;
  let gatewayBus: NatsBus;
  let baseUrl: string;

  beforeAll(async () => {
    product = await startBusFaultProduct({ namespacePrefix: 'busdown', busReadiness: true });
    ({ nats, gatewayBus, baseUrl } = product);
  }, 60_000);

  afterAll(() => product?.stop());

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
