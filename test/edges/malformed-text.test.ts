import { graphql, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { signInAdmin, signUp, SIX, type SignedIn } from '../signature/signature-helpers';
import { openSocket } from './raw-socket';

let product: TestProduct;
let user: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  product = await startTestProduct();
  user = await signUp(product.baseUrl);
  admin = await signInAdmin(product.baseUrl, product.buses.admin);
});
afterAll(() => product.stop());

const get = (path: string, token?: string) => requestJson(product.baseUrl, 'GET', path, { token });
const post = (path: string, body: unknown, token?: string) =>
  requestJson(product.baseUrl, 'POST', path, { body, token });

describe('text is valid before anything else: REST', () => {
  it('answers malformed percent-encoding in a path id with 400 naming the path', async () => {
    const response = await get('/api/ai/response/tl/get/%ff', user.token);
    expect(response.status).toBe(400);
    expect(response.body.errors.path[0]).toMatch(/percent-encoding/);
  });

  it('answers a NUL byte in a path with 400', async () => {
    const response = await get('/api/ai/response/tl/get/1%00', user.token);
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('path');
  });

  it('answers an unsupported Content-Encoding with 415 naming the header', async () => {
    const response = await requestJson(product.baseUrl, 'POST', '/api/login', {
      rawBody: '{"email":"a@b.c","password":"x"}',
      headers: { 'content-encoding': 'gzip' },
    });
    expect(response.status).toBe(415);
    expect(response.body.errors).toHaveProperty('content-encoding');
  });

  it('answers a body that is not UTF-8 with 400', async () => {
    const response = await requestJson(product.baseUrl, 'POST', '/api/login', {
      rawBody: Buffer.concat([
        Buffer.from('{"email":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('","password":"x"}'),
      ]),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.body[0]).toMatch(/UTF-8/);
  });

  it('answers a lone surrogate in a module name with 422 naming the field', async () => {
    const response = await requestJson(product.baseUrl, 'POST', '/api/admin/modules/store', {
      rawBody: '{"name":"Mod\\ud800x"}',
      token: admin.token,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.name[0]).toMatch(/lone surrogate/);
  });

  it.each([
    ['login', '/api/login', () => ({ email: 'a\u0000@b.c', password: 'secret words' }), 'email'],
    ['signup', '/api/signup', () => ({ first_name: 'A\u0000', last_name: 'B' }), 'first_name'],
    ['a module', '/api/admin/modules/store', () => ({ name: 'a\u0000b' }), 'name'],
    [
      'a custom list item',
      `/api/ai/response/tl/newstore/{user}`,
      () => ({ ai_response: ['x\u0000'] }),
      'ai_response.0',
    ],
    ['a reason', '/api/ai/response/tl/updateReason/1', () => ({ ai_reason: 'why\u0000' }), 'ai_reason'],
    [
      'a sub-element',
      '/api/ai/response/bltypes/store/1',
      () => ({ bl_id: 1, user_id: 1, name: ['Back\u0000light'] }),
      'name.0',
    ],
    [
      'a signature',
      '/api/br/signature/store/{user}',
      () => ({ signature: SIX, signatureElements: ['Light\u0000'] }),
      'signatureElements.0',
    ],
  ])('answers a NUL byte in %s with 422 naming the field, never 503', async (_name, path, body, field) => {
    const token = path.includes('admin') ? admin.token : user.token;
    const response = await post(path.replace('{user}', String(user.userId)), body(), token);
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty([field]);
  });

  it('answers 5,000 nested arrays with 422, not a stack overflow', async () => {
    const response = await requestJson(product.baseUrl, 'POST', '/api/login', {
      rawBody: `{"email":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.email[0]).toMatch(/nested too deeply/);
  });
});

describe('text is valid before anything else: GraphQL', () => {
  it('answers a lone surrogate in a variable with BAD_USER_INPUT naming it', async () => {
    const response = await graphql(
      product.baseUrl,
      'mutation($text: String!) { addCustomItem(family: tl, text: $text) { family } }',
      { text: 'x\ud800' },
      user.token,
    );
    expect(response.status).toBe(400);
    expect(response.body.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { 'variables.text': [expect.stringMatching(/lone surrogate/)] },
    });
  });

  it('answers a client that accepts application/graphql-response+json in that type, so it reads the field messages', async () => {
    const response = await requestJson(product.baseUrl, 'POST', '/graphql', {
      body: {
        query: 'mutation($text: String!) { addCustomItem(family: tl, text: $text) { family } }',
        variables: { text: 'Fog\u0007' },
      },
      token: user.token,
      // What Apollo Client sends: it reads the errors of a 400 as GraphQL errors only in this type.
      headers: { accept: 'application/graphql-response+json,application/json;q=0.9' },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    expect(response.body.errors[0]).toMatchObject({
      message: 'The text field must not contain control characters.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it.each([
    ['updateUser', 'mutation($text: String!) { updateUser(id: 1, input: { name: $text }) { id } }'],
    [
      'updateRecord',
      'mutation($text: String!) { updateRecord(family: tl, id: 1, input: { aiModel: $text }) { id } }',
    ],
  ])('answers a lone surrogate in %s (INTERNAL in the report) with BAD_USER_INPUT', async (_name, query) => {
    const response = await graphql(product.baseUrl, query, { text: 'Mod\ud800x' }, admin.token);
    expect(response.status).toBe(400);
    expect(response.body.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { 'variables.text': [expect.stringMatching(/lone surrogate/)] },
    });
  });

  it('answers a NUL byte in an inline argument with BAD_USER_INPUT, never INTERNAL', async () => {
    const response = await graphql(
      product.baseUrl,
      'mutation { addCustomItem(family: tl, text: "x\\u0000") { family } }',
      {},
      user.token,
    );
    expect(response.body.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
  });

  it('answers 5,000 nested braces with a clear 400, not a stack overflow', async () => {
    const response = await graphql(
      product.baseUrl,
      `
        ${'{a'.repeat(5000)}
        ${'}'.repeat(5000)}
      `,
    );
    expect(response.status).toBe(400);
    expect(response.body.errors![0]!.message).toMatch(/nested too deeply/);
    expect(JSON.stringify(response.body)).not.toMatch(/call stack/i);
  });

  it('answers a subscription sent over HTTP with a clear 400', async () => {
    const response = await graphql(
      product.baseUrl,
      'subscription { listUpdated(family: tl) { family } }',
      {},
      user.token,
    );
    expect(response.status).toBe(400);
    expect(response.body.errors![0]).toMatchObject({
      message: expect.stringMatching(/WebSocket/),
      extensions: { code: 'BAD_REQUEST' },
    });
  });

  it('answers a persisted query whose hash does not match with a clear 400', async () => {
    const response = await requestJson(product.baseUrl, 'POST', '/graphql', {
      body: { query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } } },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      message: 'provided sha does not match query',
      extensions: { code: 'BAD_REQUEST' },
    });
  });

  it('refuses bad text over the WebSocket too, with BAD_USER_INPUT', async () => {
    const socket = await openSocket(product.baseUrl, user.token);
    try {
      socket.send({
        id: 'bad',
        type: 'subscribe',
        payload: {
          query: 'subscription($f: String) { listUpdated(family: tl) { family } }',
          variables: { f: '\u0000' },
        },
      });
      const answer = await socket.waitFor((message) => message.id === 'bad');
      expect(answer.type).toBe('error');
      expect(answer.payload[0].extensions.code).toBe('BAD_USER_INPUT');
    } finally {
      await socket.close();
    }
  });

  it('still serves afterwards', async () => {
    expect((await get('/healthz')).status).toBe(200);
  });
});
