import { estimatePromptTokens } from '@promptloom/ai-worker';
import { waitFor } from '@promptloom/shared/testing';
import { startAdminFixture, type AdminFixture } from '../admin/admin-fixture';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { graphql, newUser, requestJson } from '../support/http';
import { subscribe } from '../support/subscriptions';

let fake: FakeOpenAiServer;
let fixture: AdminFixture;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  fixture = await startAdminFixture('root-calls@example.com', { openAiBaseUrl: fake.baseUrl });
}, 60_000);
afterAll(async () => {
  await fixture.product.stop();
  await fake.close();
});

/** A new signed-in user: each test's calls are its own. */
async function freshUser(): Promise<{ id: number; token: string }> {
  const signup = await requestJson(fixture.product.baseUrl, 'POST', '/api/signup', { body: newUser() });
  return { id: signup.body.user.id, token: signup.body.access_token };
}

const chat = (token: string, content: string) =>
  requestJson(fixture.product.baseUrl, 'POST', '/api/chat', {
    token,
    body: { model: 'gpt-4o', messages: [{ role: 'user', content }] },
  });

const callsPage = async (query: Record<string, string | number>) => {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return fixture.asAdmin('GET', `/api/admin/ai-calls?${search}`);
};

/** The calls matching `query`, once there are `count` of them (rows are written just after the reply). */
const recordedCalls = (query: Record<string, string | number>, count: number) =>
  waitFor(
    async () => {
      const page = await callsPage(query);
      return page.body.data?.total === count ? page.body.data : null;
    },
    `${count} recorded AI calls for ${JSON.stringify(query)}`,
  );

const today = () => new Date().toISOString().slice(0, 10);

describe('every provider call is recorded by the AI worker', () => {
  it('records a Run: who, why, model, messages, reply, tokens, cost, latency and outcome, linked to the items it made', async () => {
    const user = await freshUser();
    fake.reply({
      content: 'Curator\nGaffer\nStylist',
      model: 'gpt-4o-2024-08-06',
      usage: { prompt_tokens: 1200, completion_tokens: 300 },
    });
    const run = await requestJson(
      fixture.product.baseUrl,
      'POST',
      `/api/ai/response/tr/generate/${user.id}`,
      { token: user.token, body: { ai_model: 'gpt-4o', frequency: 3 } },
    );
    expect(run.status).toBe(202);
    const jobId: string = run.body.job_id;

    const page = await recordedCalls({ job_id: jobId }, 1);
    const [summary] = page.data;
    expect(summary).toMatchObject({
      user_id: user.id,
      purpose: 'pro',
      // The model that answered, priced as its base name (AI_PRICES default: gpt-4o 2.50/10.00 per million).
      model: 'gpt-4o-2024-08-06',
      job_id: jobId,
      outcome: 'ok',
      failure: null,
      prompt_tokens: 1200,
      completion_tokens: 300,
    });
    expect(summary.cost_usd).toBeCloseTo((1200 * 2.5 + 300 * 10) / 1_000_000, 10);
    expect(summary.latency_ms).toBeGreaterThanOrEqual(0);

    const detail = (await fixture.asAdmin('GET', `/api/admin/ai-calls/${summary.id}`)).body.data;
    expect(JSON.stringify(detail.messages)).toContain('professional items');
    expect(detail).toMatchObject({ reply: 'Curator\nGaffer\nStylist', cut: false });

    // "How was this made": each item the Run stored names its job, whose calls are the ones above.
    const records = await waitFor(async () => {
      const list = await fixture.asAdmin('GET', `/api/admin/user/tr/list?search=Gaffer`);
      return list.body.data?.data?.length ? list.body.data.data : null;
    }, 'the Run’s items');
    expect(records.find((record: { user_id: number }) => record.user_id === user.id)?.job_id).toBe(jobId);
  });

  it('records a failed call as failed, with the provider’s reason and never the key', async () => {
    const user = await freshUser();
    fake.reply({ status: 400, error: 'model is not allowed for sk-test-key-never-shown' });
    const reply = await chat(user.token, 'please fail');
    expect(reply.status).toBe(502);

    const [call] = (await recordedCalls({ user_id: user.id, outcome: 'failed' }, 1)).data;
    expect(call).toMatchObject({ purpose: 'chat', outcome: 'failed', prompt_tokens: null, cost_usd: null });
    expect(call.failure).toContain('400');
    expect(call.failure).not.toContain('sk-test-key-never-shown');
  });

  it('answers the user while the calls table is locked: the record is written after, never in the way', async () => {
    const user = await freshUser();
    // Another transaction holds the table: a recorder in the user's path would make this chat wait for it.
    await fixture.product.ai.orm.em.fork().transactional(async (tx) => {
      await tx.execute('lock table "ai"."ai_calls" in access exclusive mode');
      fake.reply({ content: 'still here' });
      const reply = await chat(user.token, 'record me when you can');
      expect(reply.status).toBe(200);
      expect(JSON.stringify(reply.body)).toContain('still here');
    });
    await recordedCalls({ user_id: user.id }, 1);
  });

  it('cuts a reply longer than 64 KB and marks the call cut', async () => {
    const user = await freshUser();
    fake.reply({ content: 'é'.repeat(40_000) });
    expect((await chat(user.token, 'a long one')).status).toBe(200);
    const [call] = (await recordedCalls({ user_id: user.id }, 1)).data;
    const detail = (await fixture.asAdmin('GET', `/api/admin/ai-calls/${call.id}`)).body.data;
    expect(detail.cut).toBe(true);
    expect(Buffer.byteLength(detail.reply, 'utf8')).toBeLessThanOrEqual(64 * 1024 + 100);
    expect(detail.reply).toMatch(/^é+\n\[… cut: longer than 64 KB\]$/u);
  });
});

describe('a cancelled call', () => {
  const RUN = `mutation($input: RunAgentInput!) { runAgent(input: $input) { jobId } }`;
  const CANCEL = `mutation($jobId: String!) { cancelRun(jobId: $jobId) }`;
  // One piece a token, as OpenAI streams: six pieces make the two items.
  const PIECES = ['Mo', 'ody', '\n', 'Bri', 'ght', '\n', 'Soft', '\n'];
  const metric = async (line: string) => {
    const text = (await requestJson(fixture.product.baseUrl, 'GET', '/metrics')).body as string;
    const found = text.split('\n').find((row) => row.startsWith(`${line} `));
    return found ? Number(found.slice(line.length + 1)) : 0;
  };

  it('is counted as cancelled, never failed, with the tokens streamed before the cancel and their cost', async () => {
    const user = await freshUser();
    const before = {
      cancelled: await metric('ai_calls_total{model="gpt-4o",outcome="cancelled"}'),
      failed: await metric('ai_calls_total{model="gpt-4o",outcome="failed"}'),
      output: await metric('ai_call_tokens_total{model="gpt-4o",kind="output"}'),
    };
    fake.reply({ content: '', chunks: PIECES, held: true });
    const run = await graphql(
      fixture.product.baseUrl,
      RUN,
      { input: { family: 'br', aiModel: 'gpt-4o', frequency: 3 } },
      user.token,
    );
    const jobId: string = run.body.data.runAgent.jobId;
    await waitFor(() => fake.waiting === 1, 'the provider holding the stream');
    fake.release(6);
    await waitFor(async () => {
      const list = await requestJson(fixture.product.baseUrl, 'GET', `/api/ai/response/br/get/${user.id}`, {
        token: user.token,
      });
      return list.body.ai_response?.length === 2;
    }, 'the two items streamed so far');
    const sent = fake.requests.at(-1)!;
    const cancel = await graphql(fixture.product.baseUrl, CANCEL, { jobId }, user.token);
    expect(cancel.body.data.cancelRun).toBe(true);
    await waitFor(() => sent.aborted, 'the provider call closed');

    const [call] = (await recordedCalls({ job_id: jobId }, 1)).data;
    // The prompt's tokens never came (OpenAI reports usage at the stream's end): estimated from what was sent.
    const promptTokens = estimatePromptTokens(sent.body.messages.map((message) => message.content));
    expect(call).toMatchObject({
      outcome: 'cancelled',
      model: 'gpt-4o',
      prompt_tokens: promptTokens,
      completion_tokens: 6,
    });
    expect(call.cost_usd).toBeCloseTo((promptTokens * 2.5 + 6 * 10) / 1_000_000, 10);
    expect(call.failure).toMatch(/prompt tokens estimated from the request/u);
    const detail = (await fixture.asAdmin('GET', `/api/admin/ai-calls/${call.id}`)).body.data;
    expect(detail.reply).toBe('Moody\nBright\n');

    expect((await callsPage({ user_id: user.id, outcome: 'cancelled' })).body.data.total).toBe(1);
    expect((await callsPage({ user_id: user.id, outcome: 'failed' })).body.data.total).toBe(0);
    const csv = await fixture.asAdmin(
      'GET',
      `/api/admin/ai-calls/export.csv?user_id=${user.id}&outcome=cancelled`,
    );
    expect(csv.body).toContain(',signature,gpt-4o,cancelled,');

    const usage = (await fixture.asAdmin('GET', `/api/admin/ai-calls/usage?user_id=${user.id}`)).body.data;
    const counts = { calls: 1, failed: 0, cancelled: 1, prompt_tokens: promptTokens, completion_tokens: 6 };
    expect(usage.today).toMatchObject({ day: today(), ...counts });
    expect(usage.total).toMatchObject(counts);
    const query = await graphql(
      fixture.product.baseUrl,
      'query($userId: Int) { adminAiUsage(userId: $userId) { today { calls failed cancelled completionTokens } } }',
      { userId: user.id },
      fixture.adminToken,
    );
    expect(query.body.data.adminAiUsage.today).toEqual({
      calls: 1,
      failed: 0,
      cancelled: 1,
      completionTokens: 6,
    });
    const quota = await requestJson(fixture.product.baseUrl, 'GET', '/api/ai/quota', { token: user.token });
    expect((quota.body.data ?? quota.body).tokens_used).toBe(promptTokens + 6);

    expect(await metric('ai_calls_total{model="gpt-4o",outcome="cancelled"}')).toBe(before.cancelled + 1);
    expect(await metric('ai_calls_total{model="gpt-4o",outcome="failed"}')).toBe(before.failed);
    expect(await metric('ai_call_tokens_total{model="gpt-4o",kind="output"}')).toBe(before.output + 6);
  });
});

describe('regenerating a record', () => {
  it('runs the record’s agent again for its owner with another model, recorded under the owner and the new job', async () => {
    const user = await freshUser();
    fake.reply({ content: 'Sculptor\nWelder' });
    await requestJson(fixture.product.baseUrl, 'POST', `/api/ai/response/tr/generate/${user.id}`, {
      token: user.token,
      body: { ai_model: 'gpt-4o', frequency: 2, agent_role: 'a metal worker' },
    });
    const record = await waitFor(async () => {
      const list = await fixture.asAdmin('GET', `/api/admin/user/tr/list?search=Welder`);
      return list.body.data?.data?.find((row: { user_id: number }) => row.user_id === user.id);
    }, 'the Run’s item');

    const refused = await fixture.asAdmin('POST', `/api/admin/user/tr/regenerate/${record.id}`, {
      model: 'llama',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.model[0]).toMatch(/^The selected model is invalid/u);

    fake.reply({ content: 'Blacksmith\nFarrier' });
    const again = await fixture.asAdmin('POST', `/api/admin/user/tr/regenerate/${record.id}`, {
      model: 'gpt-4-turbo',
    });
    expect(again.status).toBe(202);
    const [call] = (await recordedCalls({ job_id: again.body.data.job_id }, 1)).data;
    expect(call).toMatchObject({ user_id: user.id, purpose: 'pro', model: 'gpt-4-turbo', outcome: 'ok' });
    const detail = (await fixture.asAdmin('GET', `/api/admin/ai-calls/${call.id}`)).body.data;
    expect(JSON.stringify(detail.messages)).toContain('a metal worker');
    await waitFor(async () => {
      const list = await fixture.asAdmin('GET', `/api/admin/user/tr/list?search=Farrier`);
      return list.body.data?.data?.some((row: { user_id: number }) => row.user_id === user.id);
    }, 'the regenerated item in the owner’s list');
  });
});

describe('the AI Calls for admins only', () => {
  it('refuses a regular user on REST (403), GraphQL (FORBIDDEN) and the live subscription', async () => {
    const user = await freshUser();
    const rest = await requestJson(fixture.product.baseUrl, 'GET', '/api/admin/ai-calls', {
      token: user.token,
    });
    expect(rest.status).toBe(403);
    const query = await graphql(fixture.product.baseUrl, '{ adminAiCalls { total } }', {}, user.token);
    expect(query.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const live = await subscribe(
      fixture.product.baseUrl,
      'subscription { aiCallRecorded { id } }',
      user.token,
    );
    try {
      await waitFor(() => live.error() !== null, 'the subscription to be refused');
      expect(JSON.stringify(live.error())).toContain('FORBIDDEN');
    } finally {
      await live.close();
    }
  });
});

describe('searching, filtering, paging and exporting the AI Calls', () => {
  it('filters on the server by user, purpose, model, outcome, text and dates, pages, and exports the same rows', async () => {
    const user = await freshUser();
    for (const word of ['lighthouse', 'harbour', 'lighthouse keeper']) {
      expect((await chat(user.token, `Tell me about a ${word}`)).status).toBe(200);
    }
    await recordedCalls({ user_id: user.id }, 3);

    expect((await callsPage({ user_id: user.id, q: 'LIGHTHOUSE' })).body.data.total).toBe(2);
    expect((await callsPage({ user_id: user.id, purpose: 'chat', model: '4o' })).body.data.total).toBe(3);
    expect((await callsPage({ user_id: user.id, purpose: 'refine' })).body.data.total).toBe(0);
    expect((await callsPage({ user_id: user.id, outcome: 'failed' })).body.data.total).toBe(0);
    expect((await callsPage({ user_id: user.id, from: today(), to: today() })).body.data.total).toBe(3);
    expect((await callsPage({ user_id: user.id, to: '2020-01-01' })).body.data.total).toBe(0);

    const second = (await callsPage({ user_id: user.id, per_page: 2, page: 2 })).body.data;
    expect(second).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    expect(second.data).toHaveLength(1);

    const csv = await fetch(
      `${fixture.product.baseUrl}/api/admin/ai-calls/export.csv?user_id=${user.id}&q=lighthouse`,
      { headers: { authorization: `Bearer ${fixture.adminToken}` } },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?ai-calls-\d{4}-\d{2}-\d{2}\.csv"?$/u,
    );
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,user_id,user_name,purpose,model,outcome,failure,prompt_tokens,completion_tokens,cost_usd,latency_ms,job_id',
    );
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes(`,${user.id},`))).toBe(true);

    const usage = (await fixture.asAdmin('GET', `/api/admin/ai-calls/usage?user_id=${user.id}`)).body.data;
    expect(usage.days).toHaveLength(30);
    expect(usage.today).toMatchObject({ day: today(), calls: 3, failed: 0 });
  });

  it('refuses bad filters with field messages: 422 on REST, BAD_USER_INPUT on GraphQL', async () => {
    const bad = await callsPage({ purpose: 'poetry', from: '2026-02-30x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'purpose']);
    const backwards = await callsPage({ from: '2026-05-02', to: '2026-05-01' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.to).toEqual(['The end date must not be before the start date.']);
    const csv = await fixture.asAdmin('GET', '/api/admin/ai-calls/export.csv?outcome=maybe');
    expect(csv.status).toBe(422);
    const query = await graphql(
      fixture.product.baseUrl,
      '{ adminAiCalls(filter: { from: "yesterday" }) { total } }',
      {},
      fixture.adminToken,
    );
    expect(query.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { from: ['The date must be YYYY-MM-DD.'] },
    });
  });
});

describe('live AI Calls', () => {
  it('delivers each new call to an admin’s subscription as it is recorded', async () => {
    const user = await freshUser();
    const live = await subscribe<{ aiCallRecorded: { userId: number; purpose: string; outcome: string } }>(
      fixture.product.baseUrl,
      'subscription { aiCallRecorded { id userId purpose outcome } }',
      fixture.adminToken,
    );
    try {
      expect((await chat(user.token, 'live please')).status).toBe(200);
      const event = await waitFor(
        () => live.received.find((received) => received.aiCallRecorded.userId === user.id),
        'the new call to arrive live',
      );
      expect(event!.aiCallRecorded).toMatchObject({ purpose: 'chat', outcome: 'ok' });
    } finally {
      await live.close();
    }
  });
});

describe('the daily quota with an admin override', () => {
  it('refuses the call past the user’s override with a clear message, and records only the calls made', async () => {
    const user = await freshUser();
    const set = await fixture.asAdmin('PUT', `/api/admin/user/ai-quota/${user.id}`, { daily_limit: 1 });
    expect(set.body.data).toMatchObject({ limit: 1, override: 1 });
    expect((await chat(user.token, 'the one call')).status).toBe(200);
    const refused = await chat(user.token, 'one too many');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^You have used your 1 AI call for today\. You can run the AI again in /u,
    );
    await recordedCalls({ user_id: user.id }, 1);
    const quota = await requestJson(fixture.product.baseUrl, 'GET', '/api/ai/quota', { token: user.token });
    expect(quota.body.data ?? quota.body).toMatchObject({ limit: 1, used: 1, remaining: 0 });
  });
});
