import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { graphql, requestJson } from '../support/http';
import { runSql } from '../support/sql';
import { signUp, type SignedIn } from '../signature/signature-helpers';

// Three prompt versions per user per minute, counted in the signature schema's `rate_limits` table.
let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct({ promptVersionLimit: { perMinute: 3, enabled: true } });
});
afterAll(() => product.stop());

const SNAPSHOT = {
  selection: { types: ['Photography'], proItems: [], elements: [] },
  toggles: { hyperRealistic: false, eightK: false, fourK: false },
  target: 'midjourney-6',
};
const LIMITED = /^Too many prompt versions saved\. Please try again in (\d+ seconds?|1 minute)\.$/;
const SAVE = `mutation ($input: PromptVersionInput!) { savePromptVersion(input: $input) { saved } }`;
const save = (user: SignedIn, prompt: string) =>
  requestJson(product.baseUrl, 'POST', '/api/stream/history', {
    token: user.token,
    body: { prompt, origin: 'edited', snapshot: SNAPSHOT },
  });

describe('prompt versions per user per minute', () => {
  it('saves up to the limit, then refuses with 429 + Retry-After / TOO_MANY_REQUESTS and saves nothing', async () => {
    const ada = await signUp(product.baseUrl);
    for (const prompt of ['a lake', 'a river', 'a sea']) expect((await save(ada, prompt)).status).toBe(201);

    const refused = await save(ada, 'an ocean');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(LIMITED);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const overGraphql = await graphql(
      product.baseUrl,
      SAVE,
      { input: { prompt: 'a pond', origin: 'edited', snapshot: SNAPSHOT } },
      ada.token,
    );
    expect(overGraphql.body.errors?.[0]?.extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(overGraphql.body.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(0);
    expect(overGraphql.body.errors?.[0]?.message).toMatch(LIMITED);

    const history = await requestJson(product.baseUrl, 'GET', '/api/stream/history', { token: ada.token });
    expect(history.body.items.map((version: { prompt: string }) => version.prompt)).toEqual([
      'a sea',
      'a river',
      'a lake',
    ]);
    // The counter is PostgreSQL's (shared by every replica of the service), not this process's memory.
    const counted = await runSql(
      product.database.url,
      `select "points" from signature.rate_limits where "key" like $1`,
      [`%user:${ada.userId}`],
    );
    expect(counted.rows.map((row) => row.points)).toEqual([expect.any(Number)]);
    expect(counted.rows[0].points).toBeGreaterThanOrEqual(3);

    // Each user has their own allowance.
    const bob = await signUp(product.baseUrl);
    expect((await save(bob, 'a lake')).status).toBe(201);
  });
});
