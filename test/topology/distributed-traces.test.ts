import { randomBytes } from 'node:crypto';
import { createTestDatabase, waitFor, type TestDatabase } from '@promptloom/shared/testing';
import { startDistributedProduct, type DistributedProduct } from '../support/distributed-product';
import { newUser, requestJson } from '../support/http';
import { deleteNamespaceStreams } from '../support/nats';
import { TEST_NATS_URL } from '../support/processes';
import { startOtlpReceiver, traceTree, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';

const SERVER = 2;
const CLIENT = 3;

/**
 * Tracing across hops: the distributed processes export to a local OTLP/HTTP receiver, and one request is one trace
 * from the gateway through the bus to a service, its queries, and on to the AI provider, with parent/child links.
 */
describe('traces across the distributed processes', () => {
  let receiver: OtlpReceiver;
  let database: TestDatabase;
  let product: DistributedProduct;
  const namespace = `traces-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    database = await createTestDatabase();
    product = await startDistributedProduct({
      natsUrl: TEST_NATS_URL,
      databaseUrl: database.url,
      namespace,
      // Export soon after a span ends, rather than after the default 5 s.
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '200' },
    });
  });

  afterAll(async () => {
    await product?.stop();
    await database?.drop();
    await receiver?.close();
    await deleteNamespaceStreams(namespace);
  });

  async function signUp(): Promise<{ id: number; token: string }> {
    const signup = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: newUser() });
    expect(signup.status).toBe(201);
    return { id: signup.body.user.id, token: signup.body.access_token };
  }

  const graphqlOperation = (
    token: string,
    body: { query: string; operationName: string; variables?: object },
  ) => requestJson(product.baseUrl, 'POST', '/graphql', { token, body });

  /** The gateway's server span of the GraphQL operation `name`, once exported. */
  async function serverSpanOf(name: string): Promise<ReceivedSpan> {
    const find = () =>
      receiver.spans.find((span) => span.service === 'gateway' && span.name === `POST /graphql ${name}`);
    await waitFor(() => find() !== undefined, `the gateway's span of ${name}`, 30_000);
    return find()!;
  }

  const spansOf = (traceId: string) => receiver.spans.filter((span) => span.traceId === traceId);
  const byId = (spans: ReceivedSpan[], id: string) => spans.find((span) => span.spanId === id);

  it('follows a GraphQL query from the gateway over NATS into the admin service and its database', async () => {
    const user = await signUp();
    const me = await graphqlOperation(user.token, {
      query: 'query TracedMe { me { id } }',
      operationName: 'TracedMe',
    });
    expect(me.body.data.me.id).toBe(user.id);

    const root = await serverSpanOf('TracedMe');
    expect(root).toMatchObject({ kind: SERVER, parentSpanId: '' });
    const handled = () =>
      spansOf(root.traceId).find(
        (span) => span.service === 'admin' && span.name === 'handle svc.admin.accounts.getUser',
      );
    // A query the handler made (the session check before it makes queries of its own).
    const query = () =>
      spansOf(root.traceId).find(
        (span) => span.name.startsWith('pg.query:') && span.parentSpanId === handled()?.spanId,
      );
    await waitFor(() => handled() !== undefined && query() !== undefined, 'the admin service spans', 30_000);
    const spans = spansOf(root.traceId);

    // gateway HTTP span → gateway `request` span → admin `handle` span → admin query span.
    const request = byId(spans, handled()!.parentSpanId)!;
    expect(request).toMatchObject({
      service: 'gateway',
      kind: CLIENT,
      name: handled()!.name.replace('handle', 'request'),
    });
    expect(ancestorsOf(spans, request).map((span) => span.spanId)).toContain(root.spanId);
    expect(query()!.service).toBe('admin');
    expect(new Set(spans.map((span) => span.service))).toEqual(new Set(['gateway', 'admin']));
    if (process.env.PRINT_TRACE) process.stdout.write(`${traceTree(receiver.spans, root.traceId)}\n`);
  });

  it('carries the trace through the job queue to the AI provider call and its traceparent header', async () => {
    const user = await signUp();
    product.fake.reply({ content: 'Curator\nRetoucher\nColorist' });
    const run = await graphqlOperation(user.token, {
      query: 'mutation TracedRun($input: RunAgentInput!) { runAgent(input: $input) { jobId status } }',
      operationName: 'TracedRun',
      variables: { input: { family: 'tr', aiModel: 'gpt-4o', frequency: 3 } },
    });
    expect(run.body.data.runAgent.status).toBe('queued');

    const root = await serverSpanOf('TracedRun');
    const chat = () =>
      spansOf(root.traceId).find((span) => span.service === 'ai-worker' && span.name === 'chat gpt-4o');
    // The job's span ends after the call's: wait until the chain from the call up to the request is complete.
    const chainToRoot = () => {
      const call = chat();
      return call !== undefined && ancestorsOf(spansOf(root.traceId), call).some((span) => span === root);
    };
    await waitFor(chainToRoot, 'the provider call span under the request, in the same trace', 30_000);
    const spans = spansOf(root.traceId);
    expect(chat()).toMatchObject({ kind: CLIENT, attributes: { 'gen_ai.usage.input_tokens': 10 } });
    // The job's `process` span hangs under the `enqueue` span of the service that queued it.
    const processed = ancestorsOf(spans, chat()!).find((span) => span.name.startsWith('process job.'))!;
    expect(byId(spans, processed.parentSpanId)!.name).toBe(processed.name.replace('process', 'enqueue'));

    // The provider got the call span's context: its trace and, as parent, the call span itself.
    const sent = product.fake.requests.find((request) => request.traceparent?.includes(root.traceId));
    expect(sent?.traceparent).toBe(`00-${root.traceId}-${chat()!.spanId}-01`);
    if (process.env.PRINT_TRACE) process.stdout.write(`${traceTree(receiver.spans, root.traceId)}\n`);

    // The call is counted for the dashboard too: calls, tokens and cost (the default prices know gpt-4o).
    const metrics = async (name: string) => {
      let total = 0;
      for (const worker of ['ai-worker-1', 'ai-worker-2']) {
        const text = await (await fetch(`${product.healthUrls.get(worker)}/metrics`)).text();
        for (const match of text.matchAll(new RegExp(`^${name} (\\S+)$`, 'gm'))) total += Number(match[1]);
      }
      return total;
    };
    expect(await metrics('ai_calls_total\\{model="gpt-4o",outcome="ok"\\}')).toBeGreaterThanOrEqual(1);
    expect(await metrics('ai_call_tokens_total\\{model="gpt-4o",kind="output"\\}')).toBeGreaterThanOrEqual(
      10,
    );
    expect(await metrics('ai_call_cost_usd_total\\{model="gpt-4o"\\}')).toBeGreaterThan(0);
  });
});

/** `span`'s parent, its parent's parent, and so on, as far as the received spans go. */
function ancestorsOf(spans: ReceivedSpan[], span: ReceivedSpan): ReceivedSpan[] {
  const chain: ReceivedSpan[] = [];
  let parent = spans.find((candidate) => candidate.spanId === span.parentSpanId);
  while (parent) {
    chain.push(parent);
    const next = parent.parentSpanId;
    parent = spans.find((candidate) => candidate.spanId === next);
  }
  return chain;
}
