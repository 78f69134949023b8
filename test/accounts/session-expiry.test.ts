import { newUser, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';

const IDLE_MS = 6000;
let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct({ sessionIdleMs: IDLE_MS });
});
afterAll(() => product.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a session ends after the idle time without requests, not while the user is active', () => {
  it('renews the token on activity, and an unused token expires', async () => {
    const payload = newUser();
    const signup = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: payload });
    const firstToken: string = signup.body.access_token;

    await sleep(2000);
    const active = await requestJson(product.baseUrl, 'GET', '/api/user', { token: firstToken });
    expect(active.status).toBe(200);
    const renewed = active.headers.get('x-access-token');
    expect(renewed).toEqual(expect.any(String));

    await sleep(IDLE_MS + 500 - 2000);
    const idle = await requestJson(product.baseUrl, 'GET', '/api/user', { token: firstToken });
    expect(idle.status).toBe(401);
    expect(idle.body.message).toBe('Your session has expired. Please log in again.');

    const stillActive = await requestJson(product.baseUrl, 'GET', '/api/user', { token: renewed! });
    expect(stillActive.status).toBe(200);
  }, 20_000);
});
