import { ensureAdminAccount } from '@promptloom/admin';
import { waitFor } from '@promptloom/shared/testing';
import { signUp, type SignedInUser } from '../ai/ai-users';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { graphql, requestJson, type JsonResponse } from '../support/http';
import { runSql } from '../support/sql';

// Quotas hold under concurrency: 20 calls at once, through the gateway and the worker, to the fake provider, whose
// answers wait until every call has been let through or refused (so none settles before the others ask).
const PARALLEL = 20;
const TOKEN_LIMIT = 150;
/** Bob's calls a day (an admin's override); everyone else has the default of 200. */
const CALL_LIMIT = 3;
/** What the fake reports for a chat about colours: 50 + 50 tokens; anything else 1 + 1 (Runs: 10 + 10). */
const COLOUR_CALL_TOKENS = 100;

/** Holds the fake's answers until opened (open unless `allAtOnce` is under way). */
function newGate() {
  let open!: () => void;
  return { opened: new Promise<void>((resolve) => (open = resolve)), open };
}

let fake: FakeOpenAiServer;
let product: TestProduct;
let adminToken: string;
let gate = newGate();
gate.open();
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  fake.fallback = (request) => {
    const text = request.body.messages.map((message) => message.content).join(' ');
    if (text.includes('colour'))
      return { content: 'Teal', usage: { prompt_tokens: 50, completion_tokens: 50 }, until: gate.opened };
    if (text.includes('tiny'))
      return { content: 'Ok', usage: { prompt_tokens: 1, completion_tokens: 1 }, until: gate.opened };
    return { content: 'Alpha\nBeta\nGamma', until: gate.opened };
  };
  // Held answers wait for 20 calls on a loaded machine: well within the provider's timeout, so none is retried.
  product = await startTestProduct({
    openAiBaseUrl: fake.baseUrl,
    aiTokensPerDay: TOKEN_LIMIT,
    aiProviderTimeoutMs: 60_000,
  });
  await ensureAdminAccount(product.buses.admin, {
    email: 'parallel-admin@example.com',
    password: 'parallel-admin-1',
  });
  const admin = await requestJson(product.baseUrl, 'POST', '/api/login', {
    body: { email: 'parallel-admin@example.com', password: 'parallel-admin-1' },
  });
  adminToken = admin.body.access_token;
});
afterEach(() => gate.open());
afterAll(async () => {
  await product.stop();
  await fake.close();
});

const chat = (user: SignedInUser, content: string, maxTokens: number) =>
  requestJson(product.baseUrl, 'POST', '/api/chat', {
    token: user.token,
    body: { model: 'gpt-4o', messages: [{ role: 'user', content }], max_tokens: maxTokens },
  });
const quotaOf = async (user: SignedInUser) =>
  (await requestJson(product.baseUrl, 'GET', '/api/ai/quota', { token: user.token })).body.data;

/**
 * Starts `count` calls at once; once each has reached the provider or been refused, the provider answers them all.
 * On a quota checked only against what was recorded, every call reaches the provider.
 */
async function allAtOnce<T>(
  count: number,
  call: () => Promise<JsonResponse<T>>,
  answered: (response: JsonResponse<T>) => boolean = (response) => response.status !== 200,
) {
  gate = newGate();
  const before = fake.requests.length;
  let refused = 0;
  const calls = Array.from({ length: count }, () =>
    call().then((response) => {
      if (answered(response)) refused += 1;
      return response;
    }),
  );
  await waitFor(() => fake.requests.length - before + refused >= count, 'every call let through or refused');
  gate.open();
  const responses = await Promise.all(calls);
  return {
    responses,
    reachedProvider: fake.requests.slice(before).filter((request) => !request.aborted).length,
  };
}

const IN_FLIGHT = new RegExp(
  `^Your AI calls under way may use the rest of your ${TOKEN_LIMIT} AI tokens for today\\. Try again in \\d+ seconds\\.$`,
);

describe('the AI quotas under concurrency', () => {
  it(`lets ${PARALLEL} parallel chats at ${TOKEN_LIMIT} tokens left pass the limit by at most one call`, async () => {
    const ada = await signUp(product.baseUrl);
    const { responses, reachedProvider } = await allAtOnce(PARALLEL, () => chat(ada, 'Name a colour', 90));
    const passed = responses.filter((response) => response.status === 200);
    expect(passed.length).toBeGreaterThanOrEqual(1);
    expect(reachedProvider).toBe(passed.length);
    expect((passed.length - 1) * COLOUR_CALL_TOKENS).toBeLessThan(TOKEN_LIMIT);
    for (const refused of responses.filter((response) => response.status !== 200)) {
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(IN_FLIGHT);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
    const used = passed.length * COLOUR_CALL_TOKENS;
    expect(used).toBeLessThanOrEqual(TOKEN_LIMIT + COLOUR_CALL_TOKENS);
    await waitFor(async () => (await quotaOf(ada)).tokens_used === used, `${used} tokens recorded`);
    expect((await quotaOf(ada)).used).toBe(passed.length);

    // Settled: the day's tokens are used, so the next call waits for midnight.
    const after = await chat(ada, 'Name a colour', 90);
    expect(after.status).toBe(429);
    expect(after.body.message).toMatch(
      /^You have used all 150 AI tokens for today\. You can run the AI again in /,
    );
  });

  it(`lets exactly one of ${PARALLEL} parallel chats through at one call left`, async () => {
    const bob = await signUp(product.baseUrl);
    const override = await requestJson(product.baseUrl, 'PUT', `/api/admin/user/ai-quota/${bob.id}`, {
      token: adminToken,
      body: { daily_limit: CALL_LIMIT },
    });
    expect(override.status).toBe(200);
    for (let call = 1; call < CALL_LIMIT; call += 1) {
      expect((await chat(bob, 'A tiny answer', 5)).status).toBe(200);
    }
    const { responses, reachedProvider } = await allAtOnce(PARALLEL, () => chat(bob, 'A tiny answer', 5));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(reachedProvider).toBe(1);
    for (const refused of responses.filter((response) => response.status !== 200)) {
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(
        /^You have used all 3 AI calls for today\. You can run the AI again in /,
      );
    }
    expect(await quotaOf(bob)).toMatchObject({ used: CALL_LIMIT, remaining: 0 });
  });

  it(`queues one of ${PARALLEL} parallel Runs at ${TOKEN_LIMIT} tokens left, and settles it when the job ends`, async () => {
    const cleo = await signUp(product.baseUrl);
    const run = () =>
      graphql(
        product.baseUrl,
        'mutation($input: RunAgentInput!) { runAgent(input: $input) { jobId status } }',
        { input: { family: 'bl', aiModel: 'gpt-4o', frequency: 3 } },
        cleo.token,
      );
    // A queued Run answers at once; the gate holds its job's provider call instead.
    const { responses } = await allAtOnce(PARALLEL, run, () => true);
    const queued = responses.filter((response) => response.body.data?.runAgent?.status === 'queued');
    expect(queued).toHaveLength(1);
    for (const refused of responses.filter((response) => !response.body.data?.runAgent)) {
      expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(refused.body.errors?.[0]?.message).toMatch(IN_FLIGHT);
    }
    // The job's tokens (10 + 10) are charged and its reservation given back: the next Run is queued.
    await waitFor(async () => (await quotaOf(cleo)).tokens_used === 20, 'the job’s tokens recorded');
    const next = await waitFor(async () => {
      const again = await run();
      return again.body.data?.runAgent?.status === 'queued' ? again : null;
    }, 'a Run queued once the first job settled');
    expect(next!.body.data.runAgent.jobId).not.toBe(queued[0]!.body.data.runAgent.jobId);
  });
});

describe('sub-element generation under concurrency', () => {
  it(`queues one of ${PARALLEL} parallel sub-element generations at ${TOKEN_LIMIT} tokens left`, async () => {
    const finn = await signUp(product.baseUrl);
    const stored = await requestJson(product.baseUrl, 'POST', `/api/ai/response/bl/newstore/${finn.id}`, {
      token: finn.token,
      body: { ai_response: ['Light'] },
    });
    const element = stored.body.ai_response[0];
    const generate = () =>
      graphql(
        product.baseUrl,
        'mutation($id: Int!) { generateSubElements(elementId: $id, frequency: 3) { status } }',
        { id: element.id },
        finn.token,
      );
    const { responses } = await allAtOnce(PARALLEL, generate, () => true);
    const queued = responses.filter(
      (response) => response.body.data?.generateSubElements?.status === 'queued',
    );
    expect(queued).toHaveLength(1);
    for (const refused of responses.filter((response) => !response.body.data?.generateSubElements)) {
      expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(refused.body.errors?.[0]?.message).toMatch(IN_FLIGHT);
    }
  });
});

describe('a reservation its worker never settled (the worker died mid-call)', () => {
  it('holds the tokens until it expires, then gives them back', async () => {
    const eve = await signUp(product.baseUrl);
    const today = new Date().toISOString().slice(0, 10);
    const leave = async (expiresIn: string) => {
      await runSql(
        product.database.url,
        `insert into "ai"."ai_quota_reservations" ("id", "user_id", "day", "tokens", "expires_at")
         values (gen_random_uuid()::text, $1, $2::date, 1000, now() + $3::interval)`,
        [eve.id, today, expiresIn],
      );
      await runSql(
        product.database.url,
        `insert into "ai"."ai_token_days" ("user_id", "day", "reserved") values ($1, $2::date, 1000)
         on conflict ("user_id", "day") do update set "reserved" = "ai_token_days"."reserved" + 1000`,
        [eve.id, today],
      );
    };
    await leave('10 minutes');
    const held = await chat(eve, 'A tiny answer', 5);
    expect(held.status).toBe(429);
    expect(held.body.message).toMatch(IN_FLIGHT);

    await runSql(
      product.database.url,
      `update "ai"."ai_quota_reservations" set "expires_at" = now() - interval '1 second' where "user_id" = $1`,
      [eve.id],
    );
    expect((await chat(eve, 'A tiny answer', 5)).status).toBe(200);
  });
});

describe('an AI call the provider never answered', () => {
  it('is not charged: the call and its tokens are given back', async () => {
    const own = await startTestProduct({
      openAiBaseUrl: 'http://127.0.0.1:9/v1',
      aiCallsPerDay: 1,
      aiTokensPerDay: TOKEN_LIMIT,
    });
    try {
      const dan = await signUp(own.baseUrl);
      const call = () =>
        requestJson(own.baseUrl, 'POST', '/api/chat', {
          token: dan.token,
          body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hello' }], max_tokens: 200 },
        });
      expect((await call()).status).toBe(502);
      const quota = (await requestJson(own.baseUrl, 'GET', '/api/ai/quota', { token: dan.token })).body.data;
      expect(quota).toMatchObject({ used: 0, remaining: 1, tokens_used: 0 });
      // Nothing stays reserved either: the next call is let through to the provider again, not refused.
      expect((await call()).status).toBe(502);
    } finally {
      await own.stop();
    }
  });
});
