import { WEB_DIST_DIR } from '../support/browser';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { newUser, requestJson } from '../support/http';

const APP_ORIGIN = 'https://app.example.com';
const OTHER_ORIGIN = 'https://evil.example.net';

let closed: TestProduct;
let open: TestProduct;

beforeAll(async () => {
  closed = await startTestProduct({ webDistDir: WEB_DIST_DIR });
  open = await startTestProduct({ corsOrigins: [APP_ORIGIN] });
}, 60_000);
afterAll(async () => {
  await closed?.stop();
  await open?.stop();
});

function expectSecurityHeaders(headers: Headers) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-powered-by')).toBeNull();
}

describe('security headers on every HTML and API response', () => {
  it.each([
    ['the web client at /', 'GET', '/', 'text/html'],
    ['a client route on refresh', 'GET', '/types/dashboard', 'text/html'],
    ['a built asset', 'GET', '/favicon-missing.js', '*/*'],
    ['the client config', 'GET', '/api/client-config', 'application/json'],
    ['an unknown API path (404)', 'GET', '/api/nothing-here', 'application/json'],
    ['a protected API path without a token (401)', 'GET', '/api/admin/user/list', 'application/json'],
    ['health', 'GET', '/healthz', 'application/json'],
  ])('%s', async (_name, method, path, accept) => {
    const response = await fetch(`${closed.baseUrl}${path}`, { method, headers: { accept } });
    await response.arrayBuffer();
    expectSecurityHeaders(response.headers);
  });

  it('on GraphQL answers, errors included, and on a 422', async () => {
    const query = await requestJson(closed.baseUrl, 'POST', '/graphql', {
      body: { query: '{ me { id } }' },
    });
    expect(query.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expectSecurityHeaders(query.headers);
    const invalid = await requestJson(closed.baseUrl, 'POST', '/api/signup', {
      body: newUser({ email: 'x' }),
    });
    expect(invalid.status).toBe(422);
    expectSecurityHeaders(invalid.headers);
  });

  it('serves the built index.html with the policy (the page the browser test walks)', async () => {
    const response = await fetch(`${closed.baseUrl}/pro`, { headers: { accept: 'text/html' } });
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('<div id="root">');
    expectSecurityHeaders(response.headers);
  });
});

describe('CORS', () => {
  async function preflight(baseUrl: string, origin: string) {
    return fetch(`${baseUrl}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
  }

  it('is closed by default: no origin is allowed, not even on a preflight', async () => {
    const answer = await preflight(closed.baseUrl, APP_ORIGIN);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-headers')).toBeNull();
    const simple = await fetch(`${closed.baseUrl}/api/client-config`, { headers: { origin: APP_ORIGIN } });
    expect(simple.status).toBe(200);
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows the listed origins (CORS_ORIGINS) with the bearer token, and only them', async () => {
    const allowed = await preflight(open.baseUrl, APP_ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    expect(allowed.headers.get('vary')).toMatch(/origin/i);

    const login = await fetch(`${open.baseUrl}/api/client-config`, { headers: { origin: APP_ORIGIN } });
    expect(login.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(login.headers.get('access-control-expose-headers')).toContain('X-Access-Token');

    const refused = await preflight(open.baseUrl, OTHER_ORIGIN);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const refusedSimple = await fetch(`${open.baseUrl}/api/client-config`, {
      headers: { origin: OTHER_ORIGIN },
    });
    expect(refusedSimple.headers.get('access-control-allow-origin')).toBeNull();
  });
});
