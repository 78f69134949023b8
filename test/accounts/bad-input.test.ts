import { requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';

let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct();
});
afterAll(() => product.stop());

const TEN_MB = Buffer.alloc(10 * 1024 * 1024, 'a');
const tenMbJson = `{"email":"${TEN_MB.toString()}","password":"x"}`;

/** Every endpoint with a body that exists so far, and the bodies no client should send. */
const BODY_ENDPOINTS = [
  { method: 'POST', path: '/api/login' },
  { method: 'POST', path: '/api/signup' },
  { method: 'POST', path: '/graphql' },
];

const BAD_BODIES: Array<{ name: string; rawBody: string | Buffer; contentType?: string; status: number[] }> =
  [
    { name: 'malformed JSON', rawBody: '{"email": "a@b.c", ', status: [400] },
    { name: 'a 10 MB body', rawBody: tenMbJson, status: [413] },
    { name: 'a JSON array', rawBody: '[1,2,3]', status: [400, 422] },
    { name: 'a JSON string', rawBody: '"hello"', status: [400, 422] },
    { name: 'JSON null', rawBody: 'null', status: [400, 422] },
    {
      name: 'fields of the wrong type',
      rawBody: '{"email":{"$gt":""},"password":123,"first_name":[]}',
      status: [400, 422],
    },
    { name: 'an empty body', rawBody: '', status: [400, 422] },
    {
      name: 'a form body',
      rawBody: 'email=x&password=',
      contentType: 'application/x-www-form-urlencoded',
      status: [400, 415, 422],
    },
    { name: 'plain text', rawBody: 'email', contentType: 'text/plain', status: [400, 415, 422] },
  ];

describe('bad input never gets a 500 and never stops the process', () => {
  for (const endpoint of BODY_ENDPOINTS) {
    for (const bad of BAD_BODIES) {
      it(`${endpoint.method} ${endpoint.path} with ${bad.name} → ${bad.status.join('/')} with a message`, async () => {
        const response = await requestJson(product.baseUrl, endpoint.method, endpoint.path, {
          rawBody: bad.rawBody,
          headers: { 'content-type': bad.contentType ?? 'application/json' },
        });
        expect(bad.status).toContain(response.status);
        const message = response.body?.message ?? response.body?.errors?.[0]?.message;
        expect(typeof message).toBe('string');
        expect(message.length).toBeGreaterThan(0);
      });
    }
  }

  it('names each bad field of a REST body', async () => {
    const response = await requestJson(product.baseUrl, 'POST', '/api/login', {
      body: { email: { $gt: '' }, password: 123 },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      email: ['The email field must be a string.'],
      password: ['The password field must be a string.'],
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await requestJson(product.baseUrl, 'GET', '/api/does/not/exist');
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Not found.');
  });

  it('ignores a malformed Authorization header on public routes and refuses it on private ones', async () => {
    for (const header of ['Bearer', 'Basic abc', 'Bearer a b c', 'Bearer ' + 'x'.repeat(5000)]) {
      const me = await requestJson(product.baseUrl, 'GET', '/api/me', { headers: { authorization: header } });
      expect(me.status).toBe(401);
      const login = await requestJson(product.baseUrl, 'POST', '/api/login', {
        body: { email: 'nobody@example.com', password: 'whatever' },
        headers: { authorization: header },
      });
      expect(login.status).toBe(422);
    }
  });

  it('still serves after all of the above', async () => {
    const health = await requestJson(product.baseUrl, 'GET', '/healthz');
    expect(health.status).toBe(200);
    const ready = await requestJson(product.baseUrl, 'GET', '/readyz');
    expect(ready.status).toBe(200);
  });
});
