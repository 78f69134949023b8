import { TokenService } from '@promptloom/gateway';
import { TEST_JWT_SECRET, startTestProduct, type TestProduct } from '../support/embedded-product';
import { graphql, newUser, requestJson } from '../support/http';
import { contextOf } from '../support/token-context';

const INVALID = 'Your session is not valid. Please log in again.';
const EXPIRED = 'Your session has expired. Please log in again.';

let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct();
});
afterAll(() => product.stop());

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

/** The same token with its claims changed and its signature kept. */
function withClaims(token: string, change: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return [header, base64url({ ...claimsOf(token), ...change }), signature].join('.');
}

/** Tokens close to a good one that must each be refused, with the message the client shows. */
function badTokensFor(token: string): Array<[string, string, string]> {
  const actor = contextOf(token).actor!;
  const [header, payload, signature] = token.split('.');
  const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
  return [
    ['a role raised in the claims', withClaims(token, { role: 'Admin' }), INVALID],
    ['another user in the claims', withClaims(token, { sub: String(actor.userId + 1) }), INVALID],
    ['an expiry pushed into the claims', withClaims(token, { exp: claimsOf(token).exp + 86_400 }), INVALID],
    ['a changed signature', [header, payload, flipped].join('.'), INVALID],
    [
      'no signature ("alg": "none")',
      [base64url({ alg: 'none', typ: 'JWT' }), payload, ''].join('.'),
      INVALID,
    ],
    [
      'another secret',
      new TokenService('another-secret-that-is-long-enough-for-hs256', 3_600_000).issue(actor).token,
      INVALID,
    ],
    [
      'expired, signed by this product',
      new TokenService(TEST_JWT_SECRET, -60_000).issue(actor).token,
      EXPIRED,
    ],
  ];
}

describe('token checks: the fast path still refuses every bad token', () => {
  let token: string;
  beforeAll(async () => {
    const signup = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: newUser() });
    token = signup.body.access_token;
    // The good token is accepted first, so its session and user are in the gateway's caches.
    expect((await requestJson(product.baseUrl, 'GET', '/api/me', { token })).status).toBe(200);
    expect((await graphql(product.baseUrl, '{ me { id } }', {}, token)).body.data.me.id).toBeTruthy();
  });

  it('REST: each is a 401 with why', async () => {
    for (const [, bad, message] of badTokensFor(token)) {
      const answer = await requestJson(product.baseUrl, 'GET', '/api/me', { token: bad });
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 401, message });
    }
  });

  it('GraphQL: each is UNAUTHENTICATED with why', async () => {
    for (const [, bad, message] of badTokensFor(token)) {
      const answer = await graphql(product.baseUrl, '{ me { id } }', {}, bad);
      expect(answer.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'UNAUTHENTICATED' } });
    }
  });

  it('the good token still works after the bad ones', async () => {
    const me = await requestJson(product.baseUrl, 'GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(contextOf(token).actor!.userId);
  });
});
