import { ensureAdminAccount } from '@promptloom/admin';
import { accountEvents, aiEvents, aiProviderGaveUpMessage } from '@promptloom/proto';
import { eventsDeadLettered } from '@promptloom/shared';
import { waitFor } from '@promptloom/shared/testing';
import { signUp, type SignedInUser } from '../ai/ai-users';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { graphql, requestJson } from '../support/http';
import { subscribe } from '../support/subscriptions';

/**
 * Nothing is dropped silently (issues 14.1 and 12.7): a job that fails past its deadline tells its user and waits in
 * the dead letters, where an admin lists it and retries it; an event that does not parse lands there too.
 */
describe('dead letters for admins', () => {
  let product: TestProduct;
  let fake: FakeOpenAiServer;
  let adminToken: string;
  let user: SignedInUser;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    product = await startTestProduct({
      openAiBaseUrl: fake.baseUrl,
      aiProviderTimeoutMs: 1000,
      aiJobs: { retryForMs: 2_000, retryMinDelayMs: 100, retryMaxDelayMs: 300 },
    });
    await ensureAdminAccount(product.buses.admin, { email: 'dead@example.com', password: 'root-password-1' });
    const login = await requestJson(product.baseUrl, 'POST', '/api/login', {
      body: { email: 'dead@example.com', password: 'root-password-1' },
    });
    adminToken = login.body.access_token;
    user = await signUp(product.baseUrl);
  });

  afterAll(async () => {
    await product?.stop();
    await fake?.close();
  });

  const deadLetters = async () =>
    (await requestJson(product.baseUrl, 'GET', '/api/admin/dead-letters', { token: adminToken })).body.data;

  it('tells the user when a job gives up, lists it to admins only, and runs it again on retry', async () => {
    const failures = await subscribe(
      product.baseUrl,
      'subscription { generationFailed { jobId family message } }',
      user.token,
    );
    const lists = await subscribe(
      product.baseUrl,
      'subscription { listUpdated(family: br) { jobId run { state } } }',
      user.token,
    );
    const fallback = fake.fallback;
    fake.fallback = () => ({ status: 503, error: 'overloaded' });
    let jobId: string;
    const before = fake.requests.length;
    try {
      const run = await graphql(
        product.baseUrl,
        'mutation($input: RunAgentInput!) { runAgent(input: $input) { jobId status } }',
        { input: { family: 'br', aiModel: 'gpt-4o', frequency: 3 } },
        user.token,
      );
      jobId = run.body.data!.runAgent.jobId;
      await waitFor(() => failures.received.length === 1, 'the failure at the deadline', 20_000);
    } finally {
      fake.fallback = fallback;
    }
    expect(failures.received[0].generationFailed).toEqual({
      jobId,
      family: 'br',
      message: aiProviderGaveUpMessage('OpenAI-compatible server', fake.requests.length - before),
    });

    const page = await deadLetters();
    expect(page.next_after).toBeNull();
    expect(page.items).toEqual([
      expect.objectContaining({
        kind: 'job',
        source: 'ai.generation',
        id: jobId,
        user_id: user.id,
        reason: expect.stringContaining('Still failing'),
        attempts: expect.any(Number),
      }),
    ]);
    const [letter] = page.items;
    expect(JSON.stringify(page)).not.toContain('sk-test-key');

    // Admins only, at the gateway and in the service.
    const asUser = await requestJson(product.baseUrl, 'GET', '/api/admin/dead-letters', {
      token: user.token,
    });
    expect(asUser.status).toBe(403);
    const gqlAsUser = await graphql(
      product.baseUrl,
      '{ adminDeadLetters { items { sequence } } }',
      {},
      user.token,
    );
    expect(gqlAsUser.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await requestJson(
      product.baseUrl,
      'POST',
      `/api/admin/dead-letters/${letter.sequence}/retry`,
    );
    expect(anonymous.status).toBe(401);

    const listed = await graphql(
      product.baseUrl,
      '{ adminDeadLetters(limit: 10) { nextAfter items { sequence kind source messageId userId attempts deadAt } } }',
      {},
      adminToken,
    );
    expect(listed.body.data!.adminDeadLetters.items).toEqual([
      expect.objectContaining({ sequence: letter.sequence, kind: 'job', messageId: jobId, userId: user.id }),
    ]);

    fake.reply({ content: 'Lens\nTripod\nFlash' });
    const retried = await graphql(
      product.baseUrl,
      'mutation($sequence: Int!) { adminRetryDeadLetter(sequence: $sequence) { sequence messageId } }',
      { sequence: letter.sequence },
      adminToken,
    );
    expect(retried.body.data!.adminRetryDeadLetter).toEqual({ sequence: letter.sequence, messageId: jobId });
    // A streamed run sends an update per item, then its end: wait for the end, not for a count of updates.
    await waitFor(
      () => lists.received.some((update) => update.listUpdated.run?.state === 'done'),
      'the end of the retried job',
    );
    expect(lists.received.every((update) => update.listUpdated.jobId === jobId)).toBe(true);
    expect((await deadLetters()).items).toEqual([]);

    const again = await requestJson(
      product.baseUrl,
      'POST',
      `/api/admin/dead-letters/${letter.sequence}/retry`,
      { token: adminToken },
    );
    expect(again.status).toBe(404);
    await Promise.all([failures.close(), lists.close()]);

    // What this job went through is measured: its retries, its dead letter, the provider's 503s and its answer.
    const metrics = (await requestJson(product.baseUrl, 'GET', '/metrics')).body as string;
    expect(metrics).toMatch(/^jobs_dead_lettered_total\{queue="ai.generation"\} [1-9]/m);
    // Whether it was retried before its 2 s deadline depends on how long each attempt took: only the metric.
    expect(metrics).toContain('# TYPE jobs_retried_total counter');
    expect(metrics).toMatch(/^ai_provider_request_duration_seconds_count\{outcome="503"\} [1-9]/m);
    expect(metrics).toMatch(/^ai_provider_request_duration_seconds_count\{outcome="ok"\} [1-9]/m);
  });

  it('measures queues, dead letters, the pool, GraphQL operations and sockets in /metrics', async () => {
    const socket = await subscribe(
      product.baseUrl,
      'subscription { generationFailed { jobId } }',
      user.token,
    );
    await graphql(
      product.baseUrl,
      'query DeadLetterMetrics { adminDeadLetters { nextAfter } }',
      {},
      adminToken,
    );
    const text = (await requestJson(product.baseUrl, 'GET', '/metrics')).body as string;
    await socket.close();
    expect(text).toMatch(/^job_queue_pending\{queue="ai.generation"\} \d+/m);
    expect(text).toMatch(/^job_queue_unacknowledged\{queue="ai.generation"\} \d+/m);
    expect(text).toMatch(/^dead_letters_stored \d+/m);
    expect(text).toMatch(/^db_pool_connections\{schema="ai",state="used"\} \d+/m);
    expect(text).toMatch(
      /^graphql_operation_duration_seconds_count\{operation="DeadLetterMetrics",type="query",outcome="ok"\} 1/m,
    );
    expect(text).toMatch(/^graphql_ws_connections [1-9]/m);
    expect(text).toMatch(/^graphql_subscriptions_active [1-9]/m);
    expect(text).toMatch(/^bus_connected 1/m);
  });

  it('refuses bad paging and sequences with field messages', async () => {
    const bad = await requestJson(
      product.baseUrl,
      'GET',
      '/api/admin/dead-letters?limit=0&after_sequence=x',
      {
        token: adminToken,
      },
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['after_sequence', 'limit']);
    const badRetry = await requestJson(product.baseUrl, 'POST', '/api/admin/dead-letters/abc/retry', {
      token: adminToken,
    });
    expect(badRetry.status).toBe(422);
    expect(badRetry.body.errors.sequence).toBeDefined();
  });

  it('moves an event that does not parse on the durable user-deletion consumers aside, and lists it', async () => {
    const before = (await deadLetters()).items.length;
    await product.bus.publish(
      accountEvents.userDeleted.subject,
      { userId: 'not-a-number' },
      { id: 'bad-deletion' },
    );
    await waitFor(
      async () => (await deadLetters()).items.some((item: { id: string }) => item.id === 'bad-deletion'),
      'the unparsable deletion event in the dead letters',
    );
    const items = (await deadLetters()).items.filter((item: { id: string }) => item.id === 'bad-deletion');
    // Several durable consumers found it unusable; it is stored once.
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'event',
        source: accountEvents.userDeleted.subject,
        reason: expect.stringContaining('does not match its schema'),
      }),
    ]);
    expect((await deadLetters()).items.length).toBe(before + 1);
  });

  it("moves an event the gateway's subscription hub cannot parse aside, counted, its values kept out of the reason", async () => {
    const subject = aiEvents.listUpdated.subject;
    const counted = async () =>
      (await eventsDeadLettered.get()).values.find((value) => value.labels.subject === subject)?.value ?? 0;
    const countedBefore = await counted();
    await product.bus.publish(subject, { userId: 'sk-not-a-user-id' }, { id: 'bad-list-update' });
    await waitFor(
      async () => (await deadLetters()).items.some((item: { id: string }) => item.id === 'bad-list-update'),
      "the list update the gateway's hub could not parse in the dead letters",
    );
    const [item] = (await deadLetters()).items.filter(
      (each: { id: string }) => each.id === 'bad-list-update',
    );
    expect(item).toMatchObject({ kind: 'event', source: subject });
    expect(item.reason).toMatch(/event hub cannot read evt\.ai\.list\.updated: .*userId: invalid_type/);
    expect(item.reason).not.toContain('sk-not-a-user-id');
    expect(await counted()).toBeGreaterThan(countedBefore);
  });
});
