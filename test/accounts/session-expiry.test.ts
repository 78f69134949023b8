import { waitFor } from '@promptloom/shared/testing';
import { newUser, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';

const IDLE_MS = 6000;
let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct({ sessionIdleMs: IDLE_MS });
});
afterAll(() => product.stop());

/** The `exp` claim (seconds) of a JWT, read without verifying it: the server verifies, the test only compares. */
const expiresAt = (token: string): number =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).exp;

describe('a session ends after the idle time without requests, not while the user is active', () => {
  it('renews the token on activity, and an unused token expires', async () => {
    const payload = newUser();
    const signup = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: payload });
    const firstToken: string = signup.body.access_token;

    // Activity renews the session: asked late enough, the answer carries a token that outlives the first by half
    // the idle time (the server decides when a token is old enough to renew).
    let renewed = '';
    await waitFor(
      async () => {
        const active = await requestJson(product.baseUrl, 'GET', '/api/user', { token: firstToken });
        expect(active.status).toBe(200);
        renewed = active.headers.get('x-access-token') ?? '';
        return renewed !== '' && expiresAt(renewed) >= expiresAt(firstToken) + IDLE_MS / 2000;
      },
      'a renewed token that outlives the first by half the idle time',
      20_000,
    );

    // The first token, no longer used, expires.
    const idle = await waitFor(
      async () => {
        const answer = await requestJson(product.baseUrl, 'GET', '/api/user', { token: firstToken });
        return answer.status === 401 ? answer : null;
      },
      'the unused token to expire',
      20_000,
    );
    expect(idle!.body.message).toBe('Your session has expired. Please log in again.');

    const stillActive = await requestJson(product.baseUrl, 'GET', '/api/user', { token: renewed });
    expect(stillActive.status).toBe(200);
  });
});
