import http from 'node:http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { requestJson } from '../support/http';
import { signUp, type SignedIn } from '../signature/signature-helpers';

/**
 * `GET /api/me`, `GET /api/user` and `POST /graphql` are answered before Express's router (gateway/src/http/
 * direct-routes.ts); the same request spelled another way (a query string, another case) goes through the router.
 * Whatever the request, good or bad, both must answer alike: the same status, body and headers.
 */
const ALLOWED_ORIGIN = 'https://allowed.example';

let product: TestProduct;
let user: SignedIn;
beforeAll(async () => {
  product = await startTestProduct({ corsOrigins: [ALLOWED_ORIGIN] });
  user = await signUp(product.baseUrl);
});
afterAll(() => product.stop());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request over Node's own client (fetch refuses a GET with a body). */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const { hostname, port } = new URL(product.baseUrl);
  const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const request = http.request(
      { hostname, port, method, path, headers: { ...headers, ...length } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** What differs between any two answers by design: the time, the request's own id, the connection's handling. */
const PER_ANSWER = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
const comparable = (answer: Answer) => ({
  status: answer.status,
  body: answer.body,
  headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !PER_ANSWER.has(name))),
});

/** The request at its direct URL and at `routed` (the router's path), answered alike; the direct answer. */
async function bothAlike(
  method: string,
  direct: string,
  routed: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const directAnswer = await send(method, direct, headers, body);
  const routedAnswer = await send(method, routed, headers, body);
  expect(comparable(directAnswer)).toEqual(comparable(routedAnswer));
  return directAnswer;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const JSON_TYPE = { 'content-type': 'application/json' };
const ME_QUERY = JSON.stringify({ query: '{ me { id email } }' });

describe('the requests answered before the router answer as the router does', () => {
  it.each([
    ['/api/me', '/API/me'],
    ['/api/user', '/api/user?via=router'],
  ])('GET %s: the signed-in user, its security headers and ETag', async (direct, routed) => {
    const answer = await bothAlike('GET', direct, routed, bearer(user.token));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).user.id).toBe(user.userId);
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers.etag).toBeDefined();
    expect(answer.headers['x-request-id']).toBeDefined();

    const unchanged = await bothAlike('GET', direct, routed, {
      ...bearer(user.token),
      'if-none-match': String(answer.headers.etag),
    });
    expect(unchanged.status).toBe(304);
  });

  it('GET /api/me refuses a missing, a tampered and an unknown token alike', async () => {
    const tampered = `${user.token.slice(0, -4)}AAAA`;
    for (const headers of [{}, bearer(tampered), bearer('not-a-token')]) {
      const answer = await bothAlike('GET', '/api/me', '/api/me?via=router', headers);
      expect(answer.status).toBe(401);
    }
  });

  it('GET /api/me with a body checks the body as every request does', async () => {
    const answer = await bothAlike(
      'GET',
      '/api/me',
      '/api/me?via=router',
      { ...bearer(user.token), ...JSON_TYPE },
      JSON.stringify({ note: 'nul \u0000' }),
    );
    expect(answer.status).toBe(422);
  });

  it('a listed origin gets its CORS headers on both', async () => {
    const answer = await bothAlike('GET', '/api/me', '/api/me?via=router', {
      ...bearer(user.token),
      origin: ALLOWED_ORIGIN,
    });
    expect(answer.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(answer.headers['access-control-expose-headers']).toContain('X-Access-Token');
  });

  it('POST /graphql answers me, and refuses what the edge refuses, alike', async () => {
    const routed = '/graphql?via=router';
    const me = await bothAlike('POST', '/graphql', routed, { ...bearer(user.token), ...JSON_TYPE }, ME_QUERY);
    expect(Number(JSON.parse(me.body).data.me.id)).toBe(user.userId);

    const anonymous = await bothAlike('POST', '/graphql', routed, JSON_TYPE, ME_QUERY);
    expect(JSON.parse(anonymous.body).errors[0].extensions.code).toBe('UNAUTHENTICATED');

    const malformed = await bothAlike('POST', '/graphql', routed, JSON_TYPE, '{"query":');
    expect(malformed.status).toBe(400);

    const deep = JSON.stringify({ query: `{ ${'me { '.repeat(200)}id${' }'.repeat(200)} }` });
    const tooDeep = await bothAlike('POST', '/graphql', routed, JSON_TYPE, deep);
    expect(tooDeep.status).toBe(400);

    const compressed = await bothAlike(
      'POST',
      '/graphql',
      routed,
      { ...JSON_TYPE, 'content-encoding': 'gzip' },
      ME_QUERY,
    );
    expect(compressed.status).toBe(415);
  });

  it('both are logged and timed under the same route', async () => {
    const count = async (route: string): Promise<number> => {
      const metrics = (await requestJson(product.baseUrl, 'GET', '/metrics')).body as string;
      const line = metrics
        .split('\n')
        .find((row) =>
          row.startsWith(`http_request_duration_seconds_count{method="GET",route="${route}",status="200"}`),
        );
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const before = await count('/api/me');
    await bothAlike('GET', '/api/me', '/api/me?via=router', bearer(user.token));
    expect(await count('/api/me')).toBe(before + 2);
  });
});
