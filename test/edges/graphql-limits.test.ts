import { graphql, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { signUp, type SignedIn } from '../signature/signature-helpers';

let product: TestProduct;
let user: SignedIn;
beforeAll(async () => {
  product = await startTestProduct({ gateway: { graphqlLimits: { maxDepth: 2, maxCost: 40 } } });
  user = await signUp(product.baseUrl);
});
afterAll(() => product.stop());

describe('GraphQL limits: depth, aliases, cost, CSRF', () => {
  it('answers an operation within the limits', async () => {
    const response = await graphql(
      product.baseUrl,
      '{ aiList(family: tl) { family userId } }',
      {},
      user.token,
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.aiList.family).toBe('tl');
  });

  it('refuses an operation deeper than the limit, fragments included, saying so', async () => {
    for (const query of [
      '{ aiList(family: tl) { items { id } } }',
      'query { aiList(family: tl) { ...Items } } fragment Items on AiList { items { id } }',
    ]) {
      const response = await graphql(product.baseUrl, query, {}, user.token);
      expect(response.status).toBe(400);
      expect(response.body.errors![0]!.message).toMatch(/depth limit of 2 exceeded, found 3/i);
    }
  });

  it('refuses more aliases than the limit', async () => {
    const aliases = Array.from({ length: 16 }, (_, index) => `a${index}: aiList(family: tl) { family }`).join(
      ' ',
    );
    const response = await graphql(product.baseUrl, `{ ${aliases} }`, {}, user.token);
    expect(response.status).toBe(400);
    expect(response.body.errors!.map((error) => error.message)).toContainEqual(
      expect.stringMatching(/Aliases limit of 15 exceeded, found 16/),
    );
  });

  it('refuses an operation costlier than the limit', async () => {
    const fields = Array.from({ length: 30 }, () => 'family').join(' ');
    const response = await graphql(product.baseUrl, `{ aiList(family: tl) { ${fields} } }`, {}, user.token);
    expect(response.status).toBe(400);
    expect(response.body.errors![0]!.message).toMatch(/Cost limit of 40 exceeded/i);
  });

  it('refuses a GET operation without a preflight header (CSRF prevention)', async () => {
    const response = await requestJson(
      product.baseUrl,
      'GET',
      `/graphql?query=${encodeURIComponent('{ __typename }')}`,
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toMatch(/CSRF/);
    const preflighted = await requestJson(
      product.baseUrl,
      'GET',
      `/graphql?query=${encodeURIComponent('{ __typename }')}`,
      {
        headers: { 'apollo-require-preflight': 'true' },
      },
    );
    expect(preflighted.status).toBe(200);
  });
});
