import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { GENERATION_QUEUE, aiEvents, aiOperations, type GenerationJob } from '@promptloom/proto';
import { GeneratedBusKeys, NatsBus, SignedBus, call, createLogger, onEvent } from '@promptloom/shared';
import { createTestDatabase, deferred, waitFor, type TestDatabase } from '@promptloom/shared/testing';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { deleteNamespaceStreams } from '../support/nats';
import { serveLiveSessions, sessionActor } from '../support/stub-sessions';
import {
  TEST_NATS_URL,
  freePort,
  startProcess,
  waitUntilReady,
  type RunningProcess,
} from '../support/processes';

/**
 * Generation jobs on the real NATS JetStream work queue, the AI worker as separate processes on the real
 * PostgreSQL: a worker killed mid-job, a command sent twice, two workers sharing the queue.
 */
describe('generation jobs on NATS with worker processes', () => {
  const namespace = `aijobs-${randomBytes(4).toString('hex')}`;
  const logger = createLogger('ai-jobs-test', 'silent');
  let database: TestDatabase;
  let fake: FakeOpenAiServer;
  /** The test's NATS connection, signing as the gateway does; the workers get the rest of the keys. */
  let bus: SignedBus;
  const busKeys = new GeneratedBusKeys();
  let db: Client;
  const workers: RunningProcess[] = [];
  /** The run's end of each job (a streamed run publishes each item, then one end). */
  const updates: Array<{ jobId: string | null; userId: number }> = [];
  /** Items each job's updates added, over all its updates. */
  const addedByJob = new Map<string, number>();

  async function startWorker(key: string): Promise<RunningProcess> {
    const port = await freePort();
    const worker = startProcess(`ai-worker-${key}`, 'services/ai-worker/dist/main.js', {
      NATS_URL: TEST_NATS_URL,
      BUS_NAMESPACE: namespace,
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      OPENAI_API_KEY: key,
      OPENAI_BASE_URL: fake.baseUrl,
      ...busKeys.environmentFor('ai'),
      AI_JOB_ACK_WAIT_MS: '1500',
      AI_JOB_CONCURRENCY: '1',
      AI_PROVIDER_TIMEOUT_MS: '20000',
    });
    workers.push(worker);
    await waitUntilReady([worker], `http://127.0.0.1:${port}/readyz`);
    return worker;
  }

  const storedCount = async (jobId: string) =>
    Number((await db.query('select count(*) from ai.list_items where job_id = $1', [jobId])).rows[0].count);

  const listJob = (userId: number, jobId = randomUUID()): GenerationJob => ({
    kind: 'list',
    job_id: jobId,
    user_id: userId,
    family: 'tr',
    levels: 0,
    ai_model: 'gpt-4o',
    frequency: 3,
    agent_role: null,
    name: null,
    today: new Date().toISOString().slice(0, 10),
  });

  /**
   * Sends a later job and waits for its list update. One worker taking one job at a time works through the queue in
   * order, so a repeat queued before the marker has been handled by then: "nothing more arrived" is proven.
   */
  async function markerJobApplied(userId: number): Promise<void> {
    const marker = listJob(userId);
    await bus.enqueue(GENERATION_QUEUE, marker, { id: marker.job_id });
    await waitFor(() => updates.some((update) => update.jobId === marker.job_id), 'the marker job', 20_000);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    fake = await startFakeOpenAiServer();
    const nats = await NatsBus.connect({ servers: TEST_NATS_URL, namespace, name: 'ai-jobs-test', logger });
    bus = new SignedBus(nats, { keys: busKeys.for('gateway') });
    // No admin service here: the workers ask this stub whether the test's user's session holds.
    await serveLiveSessions(new SignedBus(nats, { keys: busKeys.for('admin') }));
    await onEvent(bus, aiEvents.listUpdated, async ({ jobId, userId, added, run }) => {
      if (jobId) addedByJob.set(jobId, (addedByJob.get(jobId) ?? 0) + added.length);
      if (!run || run.state !== 'running') updates.push({ jobId, userId });
    });
    db = new Client({ connectionString: database.url });
    await db.connect();
  });

  beforeEach(() => {
    fake.fallback = () => ({ content: 'Curator\nRetoucher\nColorist\nGaffer' });
  });

  // Each test starts its own workers; a graceful stop lets them acknowledge the job in hand first.
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });

  afterAll(async () => {
    await bus?.close();
    await db?.end();
    await fake?.close();
    await database?.drop();
    await deleteNamespaceStreams(namespace);
  });

  it('completes a job whose worker was killed in the middle of it, storing its items exactly once', async () => {
    const first = await startWorker('sk-worker-a');
    fake.reply({ hang: true });
    const before = fake.requests.length;
    const job = listJob(101);
    await bus.enqueue(GENERATION_QUEUE, job, { id: job.job_id });
    await waitFor(() => fake.requests.length > before, 'the worker to call the provider');
    await first.stop('SIGKILL');

    await startWorker('sk-worker-b');
    fake.fallback = () => ({ content: 'Curator\nRetoucher\nColorist' });
    await waitFor(
      async () => (await storedCount(job.job_id)) === 3,
      'the job completed by the new worker',
      20_000,
    );
    await waitFor(() => updates.some((update) => update.jobId === job.job_id), 'its list update');
    await markerJobApplied(102);
    expect(await storedCount(job.job_id)).toBe(3);
    expect(updates.filter((update) => update.jobId === job.job_id)).toHaveLength(1);
    expect(addedByJob.get(job.job_id)).toBe(3);
  });

  it('applies the same command once, whether the bus or the worker sees the repeat', async () => {
    await startWorker('sk-worker-d');
    fake.fallback = () => ({ content: 'Curator\nRetoucher\nColorist' });
    const context = { actor: sessionActor(202) };
    const jobId = randomUUID();
    const run = { family: 'tr' as const, user_id: 202, ai_model: 'gpt-4o', frequency: 3, job_id: jobId };
    await call(bus, aiOperations.runAgent, run, { context });
    await call(bus, aiOperations.runAgent, run, { context });
    // The same job under another message id gets past the bus's de-duplication: the worker's ledger stops it.
    await bus.enqueue(GENERATION_QUEUE, listJob(202, jobId), { id: `${jobId}-again` });
    await waitFor(async () => (await storedCount(jobId)) === 3, 'the job applied');
    await markerJobApplied(203);
    expect(await storedCount(jobId)).toBe(3);
    expect(updates.filter((update) => update.jobId === jobId)).toHaveLength(1);
    expect(addedByJob.get(jobId)).toBe(3);
    const list = await call(bus, aiOperations.getList, { family: 'tr', user_id: 202 }, { context });
    expect(list.ai_response).toHaveLength(3);
  });

  it('shares the queue between two worker processes', async () => {
    await Promise.all([startWorker('sk-worker-e'), startWorker('sk-worker-f')]);
    // Every answer is held until each worker has a request in hand (one job at a time each): then both took a job.
    const answers = deferred();
    fake.fallback = () => ({ content: 'Curator\nRetoucher\nColorist', until: answers.promise });
    const before = fake.requests.length;
    const keysAsked = () => new Set(fake.requests.slice(before).map((request) => request.authorization));
    const jobs = Array.from({ length: 10 }, (_, index) => listJob(300 + index));
    await Promise.all(jobs.map((job) => bus.enqueue(GENERATION_QUEUE, job, { id: job.job_id })));
    await waitFor(() => keysAsked().size === 2, 'each worker to hold a job', 20_000);
    expect(fake.requests.length - before).toBe(2);
    answers.resolve();
    await waitFor(
      async () => {
        for (const job of jobs) if ((await storedCount(job.job_id)) !== 3) return false;
        return true;
      },
      'all ten jobs stored',
      30_000,
    );
    expect(keysAsked()).toEqual(new Set(['Bearer sk-worker-e', 'Bearer sk-worker-f']));
  });
});
