import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { graphql, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { signUp } from '../signature/signature-helpers';
import { openSocket, type RawMessage } from './raw-socket';

const METRICS_TOKEN = 'a-metrics-token-for-the-scraper';
let webDist: string;
let production: TestProduct;
let productionWithToken: TestProduct;
let development: TestProduct;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'promptloom-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Promptloom</title>');
  await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
  await writeFile(path.join(webDist, 'assets', 'app.js.map'), '{"version":3,"sources":["secret.ts"]}');
  [production, productionWithToken, development] = await Promise.all([
    startTestProduct({ webDistDir: webDist, gateway: { production: true } }),
    startTestProduct({ webDistDir: webDist, gateway: { production: true, metricsToken: METRICS_TOKEN } }),
    startTestProduct({ webDistDir: webDist, gateway: { production: false } }),
  ]);
});
afterAll(async () => {
  await Promise.all([production?.stop(), productionWithToken?.stop(), development?.stop()]);
  await rm(webDist, { recursive: true, force: true });
});

describe('production mode (NODE_ENV=production)', () => {
  it('turns introspection off', async () => {
    const response = await graphql(production.baseUrl, '{ __schema { queryType { name } } }');
    expect(response.body.data?.__schema).toBeUndefined();
    expect(response.body.errors![0]!.message).toMatch(/introspection/i);
    const open = await graphql(development.baseUrl, '{ __schema { queryType { name } } }');
    expect(open.body.data.__schema.queryType.name).toBe('Query');
  });

  it('gives no field suggestions', async () => {
    const response = await graphql(production.baseUrl, '{ aiLis }');
    expect(response.status).toBe(400);
    expect(response.body.errors![0]!.message).not.toMatch(/Did you mean/);
    const helpful = await graphql(development.baseUrl, '{ aiLis }');
    expect(helpful.body.errors![0]!.message).toMatch(/Did you mean/);
  });

  it('turns introspection off over the WebSocket too', async () => {
    // graphql-ws runs any operation it is sent; this query answered the whole schema.
    const refused = await overWebSocket(production, '{ __schema { types { name } } }');
    expect(refused.type).toBe('error');
    expect(refused.payload[0].message).toMatch(/introspection has been disabled/i);
    expect(JSON.stringify(refused.payload)).not.toMatch(/"types"|"data"/);
  });

  it('gives no field suggestions over the WebSocket either', async () => {
    const misspelt = 'subscription { listUpdatd(family: tl) { family } }';
    const refused = await overWebSocket(production, misspelt);
    expect(refused.type).toBe('error');
    expect(refused.payload[0].message).toMatch(/Cannot query field "listUpdatd"/);
    expect(refused.payload[0].message).not.toMatch(/Did you mean/);
    const helpful = await overWebSocket(development, misspelt);
    expect(helpful.payload[0].message).toMatch(/Did you mean "listUpdated"/);
  });

  it('serves no queries or mutations over the WebSocket, only subscriptions', async () => {
    for (const query of ['{ __typename }', 'mutation { logout }']) {
      const answer = await overWebSocket(development, query);
      expect(answer.type).toBe('error');
      expect(answer.payload[0]).toMatchObject({
        message: expect.stringMatching(/subscriptions only/),
        extensions: { code: 'BAD_REQUEST' },
      });
    }
  });

  it('serves no source maps, and still serves the scripts', async () => {
    expect((await fetch(`${production.baseUrl}/assets/app.js.map`)).status).toBe(404);
    expect((await fetch(`${production.baseUrl}/assets/app.js`)).status).toBe(200);
    expect((await fetch(`${development.baseUrl}/assets/app.js.map`)).status).toBe(200);
  });

  it('keeps /metrics off without a token, and behind the token with one', async () => {
    expect((await requestJson(production.baseUrl, 'GET', '/metrics')).status).toBe(404);
    expect((await requestJson(productionWithToken.baseUrl, 'GET', '/metrics')).status).toBe(401);
    expect(
      (await requestJson(productionWithToken.baseUrl, 'GET', '/metrics', { token: 'wrong' })).status,
    ).toBe(401);
    const scraped = await requestJson(productionWithToken.baseUrl, 'GET', '/metrics', {
      token: METRICS_TOKEN,
    });
    expect(scraped.status).toBe(200);
    expect(String(scraped.body)).toContain('http_request_duration_seconds');
    expect((await requestJson(development.baseUrl, 'GET', '/metrics')).status).toBe(200);
  });
});

/** The first answer to one operation sent over a signed-in user's WebSocket. */
async function overWebSocket(product: TestProduct, query: string): Promise<RawMessage> {
  const user = await signUp(product.baseUrl);
  const socket = await openSocket(product.baseUrl, user.token);
  try {
    socket.send({ id: 'only', type: 'subscribe', payload: { query } });
    return await socket.waitFor((message) => message.id === 'only');
  } finally {
    await socket.close();
  }
}
