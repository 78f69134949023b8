import { ensureAdminAccount } from '@promptloom/admin';
import { waitFor } from '@promptloom/shared/testing';
import { newUser, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { subscribe } from '../support/subscriptions';

let product: TestProduct;
let adminToken: string;
beforeAll(async () => {
  product = await startTestProduct();
  await ensureAdminAccount(product.buses.admin, {
    email: 'live.admin@example.com',
    password: 'live-admin-pass',
  });
  const login = await requestJson(product.baseUrl, 'POST', '/api/login', {
    body: { email: 'live.admin@example.com', password: 'live-admin-pass' },
  });
  adminToken = login.body.access_token;
});
afterAll(() => product.stop());

const USER_CREATED = 'subscription { userCreated { id email roleType } }';

describe('subscriptions over graphql-ws: new users reach admins live', () => {
  it('delivers a signup to a subscribed admin without asking again', async () => {
    const live = await subscribe(product.baseUrl, USER_CREATED, adminToken);
    const payload = newUser();
    await requestJson(product.baseUrl, 'POST', '/api/signup', { body: payload });
    await waitFor(() => live.received.length === 1, 'the new user on the subscription', 5000);
    expect(live.received[0]).toEqual({ userCreated: expect.objectContaining({ email: payload.email }) });
    await live.close();
  });

  it('refuses the subscription to a regular user and to an anonymous connection', async () => {
    const signup = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: newUser() });
    const regular = await subscribe(product.baseUrl, USER_CREATED, signup.body.access_token);
    await waitFor(() => regular.error() !== null, 'a refusal');
    expect(JSON.stringify(regular.error())).toContain('FORBIDDEN');
    await regular.close();

    // A connection without a token is closed at once: every subscription needs a signed-in user.
    const anonymous = await subscribe(product.baseUrl, USER_CREATED);
    await waitFor(() => anonymous.error() !== null, 'a refusal');
    expect(anonymous.error()).toMatchObject({ code: 4401 });
    await anonymous.close();
  });

  it('refuses a connection whose token is forged', async () => {
    const forged = await subscribe(product.baseUrl, USER_CREATED, 'not.a.token');
    await waitFor(() => forged.error() !== null, 'the connection to be refused');
    await forged.close();
  });
});
