import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '@promptloom/shared/testing';
import { postgresDataDir } from '../../apps/all-in-one/src/postgres-data-dir';
import { signUp } from '../ai/ai-users';
import { startAllInOne } from '../support/all-in-one';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { requestJson } from '../support/http';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { type RunningProcess } from '../support/processes';

/**
 * `npm start` traces like the distributed shape: its in-process bus carries the trace context with requests and
 * jobs, a caller's `traceparent` is honoured, log lines carry the trace id, and the provider gets the call's context.
 */
describe('npm start: traces through the in-process bus', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptloom-traces-'));
  const databaseDir = postgresDataDir(dataDir, os.userInfo().uid === 0);
  let receiver: OtlpReceiver;
  let fake: FakeOpenAiServer;
  let running: RunningProcess;
  let baseUrl = '';

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    fake = await startFakeOpenAiServer();
    ({ running, baseUrl } = await startAllInOne(dataDir, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OPENAI_API_KEY: 'sk-traces',
      OPENAI_BASE_URL: fake.baseUrl,
    }));
  });

  afterAll(async () => {
    await running?.stop('SIGKILL');
    await fake?.close();
    await receiver?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(path.dirname(databaseDir), { recursive: true, force: true });
  });

  const spansOf = (traceId: string) => receiver.spans.filter((span) => span.traceId === traceId);
  const named = (spans: ReceivedSpan[], name: string) => spans.find((span) => span.name === name);

  it("continues the caller's trace from the gateway through the bus into a service and its queries", async () => {
    const user = await signUp(baseUrl);
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const requestId = `traced-${Date.now()}`;
    const me = await requestJson(baseUrl, 'POST', '/graphql', {
      token: user.token,
      headers: { traceparent: `00-${traceId}-${callerSpan}-01`, 'x-request-id': requestId },
      body: { query: 'query TracedMe { me { id } }', operationName: 'TracedMe' },
    });
    expect(me.body.data.me.id).toBe(user.id);

    const handled = () => named(spansOf(traceId), 'handle svc.admin.accounts.getUser');
    const root = () => named(spansOf(traceId), 'POST /graphql TracedMe');
    const query = () => spansOf(traceId).find((span) => span.parentSpanId === handled()?.spanId);
    await waitFor(() => !!root() && !!handled() && !!query(), 'the request, handle and query spans', 30_000);
    const spans = spansOf(traceId);

    expect(root()).toMatchObject({ service: 'promptloom', parentSpanId: callerSpan });
    const request = spans.find((span) => span.spanId === handled()!.parentSpanId)!;
    expect(request).toMatchObject({
      name: 'request svc.admin.accounts.getUser',
      parentSpanId: root()!.spanId,
    });
    expect(handled()!.attributes).toMatchObject({ 'messaging.system': 'in-process' });
    expect(query()!.name).toMatch(/^pg\.query:SELECT/);
    // The request's log line carries the trace: from a log line to its trace, and back.
    const lines = running
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const logged = lines.find((line) => line.requestId === requestId && line.msg === 'request');
    expect(logged).toMatchObject({ trace_id: traceId });
  });

  it('carries the trace through the job queue to the provider call, whose traceparent the provider gets', async () => {
    const user = await signUp(baseUrl);
    fake.reply({ content: 'Curator\nRetoucher\nColorist' });
    const run = await requestJson(baseUrl, 'POST', '/graphql', {
      token: user.token,
      body: {
        query: 'mutation TracedRun($input: RunAgentInput!) { runAgent(input: $input) { jobId } }',
        operationName: 'TracedRun',
        variables: { input: { family: 'tr', aiModel: 'gpt-4o', frequency: 3 } },
      },
    });
    expect(run.body.data.runAgent.jobId).toEqual(expect.any(String));

    const root = () => receiver.spans.find((span) => span.name === 'POST /graphql TracedRun');
    const chat = () => (root() ? named(spansOf(root()!.traceId), 'chat gpt-4o') : undefined);
    const processed = () =>
      root() ? named(spansOf(root()!.traceId), 'process job.ai.generation') : undefined;
    await waitFor(
      () => !!chat() && !!processed(),
      'the job and provider call spans in the request trace',
      30_000,
    );

    const enqueued = named(spansOf(root()!.traceId), 'enqueue job.ai.generation')!;
    expect(processed()!.parentSpanId).toBe(enqueued.spanId);
    expect(chat()!.parentSpanId).toBe(processed()!.spanId);
    const sent = fake.requests.find((request) => request.traceparent?.includes(root()!.traceId));
    expect(sent?.traceparent).toBe(`00-${root()!.traceId}-${chat()!.spanId}-01`);
  });
});
