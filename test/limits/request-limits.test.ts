import { createGateway } from '@promptloom/gateway';
import { closeLimitStore, openPostgresLimitStore } from '@promptloom/shared';
import { createTestDatabase } from '@promptloom/shared/testing';
import { type SignedInUser } from '../ai/ai-users';
import { capturedLogger } from '../support/captured-log';
import { TEST_JWT_SECRET, startTestProduct, type TestProduct } from '../support/embedded-product';
import { graphql, newUser, requestJson } from '../support/http';
import { runSql } from '../support/sql';
import { openSocket } from '../edges/raw-socket';

const ME = 'query { me { id } }';

let addresses = 0;
/** Signs up from an address of its own: anonymous requests count per address, and the limits here are tiny. */
async function signUp(baseUrl: string): Promise<SignedInUser> {
  addresses += 1;
  const signup = await requestJson(baseUrl, 'POST', '/api/signup', {
    body: newUser(),
    headers: { 'x-forwarded-for': `198.51.100.${addresses}` },
  });
  expect(signup.status).toBe(201);
  return { id: signup.body.user.id, token: signup.body.access_token };
}

async function expectRestLimited(baseUrl: string, user: SignedInUser) {
  const refused = await requestJson(baseUrl, 'GET', '/api/me', { token: user.token });
  expect(refused.status).toBe(429);
  expect(refused.body.message).toMatch(
    /^Too many requests\. Please slow down and try again in (\d+ seconds?|1 minute)\.$/,
  );
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('requests per user (embedded default: counted in memory)', () => {
  let product: TestProduct;
  beforeAll(async () => {
    product = await startTestProduct({ requestLimits: { perMinute: 3 } });
  });
  afterAll(() => product.stop());

  it('answers REST past the limit with 429 and Retry-After, other users unaffected', async () => {
    const ada = await signUp(product.baseUrl);
    const bob = await signUp(product.baseUrl);
    for (let request = 1; request <= 3; request += 1) {
      expect((await requestJson(product.baseUrl, 'GET', '/api/me', { token: ada.token })).status).toBe(200);
    }
    await expectRestLimited(product.baseUrl, ada);
    expect((await requestJson(product.baseUrl, 'GET', '/api/me', { token: bob.token })).status).toBe(200);
  });

  it('answers GraphQL past the limit with TOO_MANY_REQUESTS and its retry time', async () => {
    const ada = await signUp(product.baseUrl);
    for (let request = 1; request <= 3; request += 1) {
      expect((await graphql(product.baseUrl, ME, {}, ada.token)).body.data.me.id).toBe(ada.id);
    }
    const refused = await graphql(product.baseUrl, ME, {}, ada.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const error = refused.body.errors?.[0];
    expect(error?.message).toMatch(/^Too many requests\./);
    expect(error?.extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter: expect.any(Number) });
  });

  it('counts each WebSocket subscribe as a request: past the limit the socket closes with 4429', async () => {
    const ada = await signUp(product.baseUrl);
    const socket = await openSocket(product.baseUrl, ada.token);
    const subscribe = (id: string) =>
      socket.send({
        id,
        type: 'subscribe',
        payload: { query: 'subscription { listUpdated(family: tl) { family } }' },
      });
    subscribe('1');
    subscribe('2');
    // The third request of the minute, over HTTP: the socket's subscribes and HTTP requests share one count.
    expect((await requestJson(product.baseUrl, 'GET', '/api/me', { token: ada.token })).status).toBe(200);
    subscribe('3');
    const closed = await socket.closed;
    expect(closed.code).toBe(4429);
    expect(closed.reason).toMatch(/^Too many requests\. Please slow down and try again in /);
    await expectRestLimited(product.baseUrl, ada);
  });
});

/** The product plus a second gateway on the same bus, both counting requests in one PostgreSQL table. */
async function twoReplicas(perMinute: number) {
  const storeDatabase = await createTestDatabase();
  const store = await openPostgresLimitStore(storeDatabase.url, 'gateway');
  const logs = capturedLogger();
  const product = await startTestProduct({ requestLimits: { perMinute, store }, logger: logs.logger });
  const second = await createGateway({
    bus: product.bus,
    logger: logs.logger,
    jwtSecret: TEST_JWT_SECRET,
    sessionIdleMs: 3_600_000,
    maxBodyBytes: 1_048_576,
    requestLimits: { perMinute, store },
  });
  const urls = [product.baseUrl, `http://127.0.0.1:${await second.listen(0, '127.0.0.1')}`] as const;
  return {
    product,
    urls,
    lines: logs.lines,
    storeDatabase,
    async stop() {
      await second.close();
      await product.stop();
      await closeLimitStore(store);
      await storeDatabase.drop();
    },
  };
}

describe('requests per user across gateway replicas (PostgreSQL store)', () => {
  it('holds the limit whichever replica a request reaches', async () => {
    const replicas = await twoReplicas(2);
    try {
      const [first, second] = replicas.urls;
      const ada = await signUp(first);
      for (const baseUrl of [first, second]) {
        expect((await requestJson(baseUrl, 'GET', '/api/me', { token: ada.token })).status).toBe(200);
      }
      await expectRestLimited(first, ada);
      await expectRestLimited(second, ada);
    } finally {
      await replicas.stop();
    }
  });

  it('passes requests far from the limit at once, counts them all, and is exact at the limit', async () => {
    const replicas = await twoReplicas(20);
    try {
      const [first] = replicas.urls;
      const ada = await signUp(first);
      for (let request = 1; request <= 20; request += 1) {
        expect((await requestJson(first, 'GET', '/api/me', { token: ada.token })).status).toBe(200);
      }
      await expectRestLimited(first, ada);
      const counted = await runSql(
        replicas.storeDatabase.url,
        'select points from "gateway"."rate_limits" where key = $1',
        [`requests_user:user:${ada.id}`],
      );
      expect(counted.rows[0].points).toBe(21);
    } finally {
      await replicas.stop();
    }
  });

  it('lets requests through when the store is down (fails open) and says so in the log', async () => {
    const replicas = await twoReplicas(2);
    try {
      const [first] = replicas.urls;
      const ada = await signUp(first);
      await runSql(replicas.storeDatabase.url, 'drop table "gateway"."rate_limits"');
      for (let request = 1; request <= 4; request += 1) {
        expect((await requestJson(first, 'GET', '/api/me', { token: ada.token })).status).toBe(200);
      }
      expect(replicas.lines.map((line) => line.msg)).toContain(
        'limit store unavailable: requests_user is not enforced (fails open) until it answers again',
      );
    } finally {
      await replicas.stop();
    }
  });
});
