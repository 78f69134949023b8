import { ensureAdminAccount } from '@promptloom/admin';
import { waitFor } from '@promptloom/shared/testing';
import { signUp, type SignedInUser } from '../ai/ai-users';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { graphql, requestJson } from '../support/http';

// Every fake reply reports 10 prompt + 10 completion tokens; the default token limit is 50 a day.
let fake: FakeOpenAiServer;
let product: TestProduct;
let adminToken: string;
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  product = await startTestProduct({ openAiBaseUrl: fake.baseUrl, aiTokensPerDay: 50 });
  await ensureAdminAccount(product.buses.admin, {
    email: 'tokens-admin@example.com',
    password: 'tokens-admin-1',
  });
  const admin = await requestJson(product.baseUrl, 'POST', '/api/login', {
    body: { email: 'tokens-admin@example.com', password: 'tokens-admin-1' },
  });
  adminToken = admin.body.access_token;
});
afterAll(async () => {
  await product.stop();
  await fake.close();
});

const chat = (user: SignedInUser) =>
  requestJson(product.baseUrl, 'POST', '/api/chat', {
    token: user.token,
    body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'Name a colour' }] },
  });
const quotaOf = async (user: SignedInUser) =>
  (await requestJson(product.baseUrl, 'GET', '/api/ai/quota', { token: user.token })).body.data;
/** The quota once the calls' records (written just after each reply) add up to `tokens`. */
const quotaAt = (user: SignedInUser, tokens: number) =>
  waitFor(async () => {
    const quota = await quotaOf(user);
    return quota.tokens_used === tokens ? quota : null;
  }, `${tokens} tokens recorded`);

describe('AI tokens per user per day', () => {
  it("counts each call's tokens and cost, and refuses calls once the day's tokens are used", async () => {
    const ada = await signUp(product.baseUrl);
    expect(await quotaOf(ada)).toMatchObject({
      tokens_used: 0,
      token_limit: 50,
      tokens_remaining: 50,
      token_override: null,
      cost_usd: 0,
    });
    expect((await chat(ada)).status).toBe(200);
    expect((await chat(ada)).status).toBe(200);
    const afterTwo = await quotaAt(ada, 40);
    expect(afterTwo).toMatchObject({ used: 2, tokens_remaining: 10 });
    // AI_PRICES' default for gpt-4o: 2.50 / 10.00 dollars per million tokens.
    expect(afterTwo.cost_usd).toBeCloseTo((20 * 2.5 + 20 * 10) / 1_000_000, 10);

    expect((await chat(ada)).status).toBe(200);
    await quotaAt(ada, 60);
    const before = fake.requests.length;
    const refused = await chat(ada);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^You have used all 50 AI tokens for today\. You can run the AI again in /,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const run = await graphql(
      product.baseUrl,
      'mutation($input: RunAgentInput!) { runAgent(input: $input) { jobId } }',
      { input: { family: 'bl', aiModel: 'gpt-4o', frequency: 3 } },
      ada.token,
    );
    expect(run.body.errors?.[0]).toMatchObject({ extensions: { code: 'TOO_MANY_REQUESTS' } });
    expect(fake.requests.length).toBe(before);
    // A refused call is not counted as a call either.
    expect(await quotaOf(ada)).toMatchObject({ used: 3, tokens_remaining: 0 });
  });

  it("lets an admin raise one user's tokens, keep them when setting calls, and clear them", async () => {
    const bob = await signUp(product.baseUrl);
    const put = (body: Record<string, unknown>) =>
      requestJson(product.baseUrl, 'PUT', `/api/admin/user/ai-quota/${bob.id}`, { token: adminToken, body });

    const raised = await put({ daily_limit: null, daily_token_limit: 1000 });
    expect(raised.status).toBe(200);
    expect(raised.body.data).toMatchObject({ token_limit: 1000, token_override: 1000, override: null });
    // Setting the calls alone keeps the token override.
    expect((await put({ daily_limit: 7 })).body.data).toMatchObject({
      limit: 7,
      override: 7,
      token_limit: 1000,
      token_override: 1000,
    });
    const bad = await put({ daily_limit: null, daily_token_limit: -1 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      daily_token_limit: ['The daily AI tokens must be a whole number from 0 to 1000000000.'],
    });

    const graph = await graphql(
      product.baseUrl,
      'mutation($id: Int!) { setUserAiQuota(userId: $id, dailyLimit: null, dailyTokenLimit: null) { limit override tokenLimit tokenOverride } }',
      { id: bob.id },
      adminToken,
    );
    expect(graph.body.data.setUserAiQuota).toEqual({
      limit: 200,
      override: null,
      tokenLimit: 50,
      tokenOverride: null,
    });
    const mine = await graphql(
      product.baseUrl,
      'query { myAiQuota { tokensUsed tokenLimit tokensRemaining costUsd } }',
      {},
      bob.token,
    );
    expect(mine.body.data.myAiQuota).toEqual({
      tokensUsed: 0,
      tokenLimit: 50,
      tokensRemaining: 50,
      costUsd: 0,
    });
  });

  it('charges a cancelled Run the tokens it streamed, so the day’s limit counts them', async () => {
    const cy = await signUp(product.baseUrl);
    fake.reply({ content: '', chunks: ['Am', 'ber', '\n', 'Teal', '\n'], held: true });
    const run = await graphql(
      product.baseUrl,
      'mutation($input: RunAgentInput!) { runAgent(input: $input) { jobId } }',
      { input: { family: 'br', aiModel: 'gpt-4o', frequency: 2 } },
      cy.token,
    );
    await waitFor(() => fake.waiting === 1, 'the provider holding the stream');
    fake.release(3);
    await waitFor(async () => {
      const list = await requestJson(product.baseUrl, 'GET', `/api/ai/response/br/get/${cy.id}`, {
        token: cy.token,
      });
      return list.body.ai_response?.length === 1;
    }, 'the item streamed before the cancel');
    const sent = fake.requests.at(-1)!;
    await graphql(
      product.baseUrl,
      'mutation($jobId: String!) { cancelRun(jobId: $jobId) }',
      { jobId: run.body.data.runAgent.jobId },
      cy.token,
    );
    await waitFor(() => sent.aborted, 'the provider call closed');
    // The Run's prompt alone is estimated at more than the day's 50 tokens.
    const recorded = await waitFor(async () => {
      const quota = await quotaOf(cy);
      return quota.tokens_used > 0 ? quota : null;
    }, 'the cancelled call recorded');
    expect(recorded.tokens_used).toBeGreaterThan(50);

    const before = fake.requests.length;
    // Until the cancelled job settles, its reservation holds the rest of the day ("under way").
    const refused = await waitFor(async () => {
      const reply = await chat(cy);
      return reply.status === 429 && /^Your AI calls under way/u.test(reply.body.message) ? null : reply;
    }, 'the cancelled Run to settle');
    expect(refused!.status).toBe(429);
    expect(refused!.body.message).toMatch(/^You have used all 50 AI tokens for today\./u);
    expect(fake.requests.length).toBe(before);
  });
});
