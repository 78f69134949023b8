import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { GENERATION_QUEUE, aiEvents, type GenerationJob } from '@promptloom/proto';
import { GeneratedBusKeys, NatsBus, createLogger, onEvent } from '@promptloom/shared';
import { waitFor } from '@promptloom/shared/testing';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { deleteNamespaceStreams } from '../support/nats';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import {
  TEST_NATS_URL,
  freePort,
  startProcess,
  waitUntilReady,
  type RunningProcess,
} from '../support/processes';

/**
 * Issue 14.1 on separate worker processes, a PostgreSQL of the test's own and the real NATS: jobs outlive a database
 * outage longer than the old five-delivery budget (0 lost, 0 applied twice), and a worker SIGKILLed mid-job hands
 * its job to the other worker while long jobs elsewhere, kept alive by heartbeats, are not delivered twice.
 */
describe('generation jobs survive outages', () => {
  const namespace = `jobfaults-${randomBytes(4).toString('hex')}`;
  const logger = createLogger('job-faults-test', 'silent');
  let postgres: PrivatePostgres;
  let fake: FakeOpenAiServer;
  let bus: NatsBus;
  let db: Client;
  const workers = new Map<string, { process: RunningProcess; healthUrl: string }>();
  const updates: string[] = [];

  async function startWorker(key: string): Promise<void> {
    const port = await freePort();
    const worker = startProcess(`ai-worker-${key}`, 'services/ai-worker/dist/main.js', {
      NATS_URL: TEST_NATS_URL,
      BUS_NAMESPACE: namespace,
      DATABASE_URL: postgres.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      OPENAI_API_KEY: key,
      OPENAI_BASE_URL: fake.baseUrl,
      ...new GeneratedBusKeys().environmentFor('ai'),
      AI_JOB_ACK_WAIT_MS: '1500',
      AI_JOB_RETRY_FOR_MS: '300000',
      AI_JOB_RETRY_MIN_DELAY_MS: '200',
      AI_JOB_RETRY_MAX_DELAY_MS: '1000',
      AI_JOB_CONCURRENCY: '2',
      AI_PROVIDER_TIMEOUT_MS: '20000',
    });
    const healthUrl = `http://127.0.0.1:${port}`;
    workers.set(key, { process: worker, healthUrl });
    await waitUntilReady([worker], `${healthUrl}/readyz`, 60_000);
  }

  /** Failed attempts handed back for a retry, summed over the workers' /metrics. */
  async function retriedAttempts(): Promise<number> {
    let total = 0;
    for (const { healthUrl, process } of workers.values()) {
      if (process.child.exitCode !== null || process.child.signalCode !== null) continue;
      const text = await fetch(`${healthUrl}/metrics`).then((response) => response.text());
      const match = /^jobs_retried_total\{queue="ai\.generation"\} (\d+)/m.exec(text);
      total += match ? Number(match[1]) : 0;
    }
    return total;
  }

  const storedCounts = async (jobIds: string[]): Promise<number[]> => {
    const { rows } = await db.query<{ job_id: string; count: string }>(
      'select job_id, count(*) from ai.list_items where job_id = any($1) group by job_id',
      [jobIds],
    );
    const byJob = new Map(rows.map((row) => [row.job_id, Number(row.count)]));
    return jobIds.map((jobId) => byJob.get(jobId) ?? 0);
  };

  const listJob = (userId: number): GenerationJob => ({
    kind: 'list',
    job_id: randomUUID(),
    user_id: userId,
    family: 'tr',
    levels: 0,
    ai_model: 'gpt-4o',
    frequency: 3,
    agent_role: null,
    name: null,
    today: new Date().toISOString().slice(0, 10),
  });

  const enqueueAll = (jobs: GenerationJob[]) =>
    Promise.all(jobs.map((job) => bus.enqueue(GENERATION_QUEUE, job, { id: job.job_id })));

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    fake = await startFakeOpenAiServer();
    fake.fallback = () => ({ content: 'Curator\nRetoucher\nColorist' });
    await startWorker('sk-worker-a');
    await startWorker('sk-worker-b');
    bus = await NatsBus.connect({ servers: TEST_NATS_URL, namespace, name: 'job-faults-test', logger });
    // A streamed run publishes each item, then its end: the end is what "applied once" counts.
    await onEvent(bus, aiEvents.listUpdated, async ({ jobId, run }) => {
      if (jobId && run?.state !== 'running') updates.push(jobId);
    });
    db = new Client({ connectionString: postgres.url });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...workers.values()].map(({ process }) => process.stop('SIGKILL')));
    await bus?.close();
    await db?.end().catch(() => undefined);
    await fake?.close();
    await postgres?.dispose();
    await deleteNamespaceStreams(namespace);
  });

  it('applies every job once after PostgreSQL was down for longer than five deliveries of each', async () => {
    const jobs = Array.from({ length: 12 }, (_, index) => listJob(1_000 + index));
    await db.end();
    const retriedBefore = await retriedAttempts();
    await postgres.stop();
    try {
      await enqueueAll(jobs);
      // Every job failed more than the five deliveries that used to drop it.
      await waitFor(
        async () => (await retriedAttempts()) - retriedBefore >= 6 * jobs.length,
        'six failed attempts per job while the database is down',
        90_000,
      );
    } finally {
      await postgres.start();
    }
    db = new Client({ connectionString: postgres.url });
    await db.connect();

    const jobIds = jobs.map((job) => job.job_id);
    await waitFor(
      async () => (await storedCounts(jobIds)).every((count) => count === 3),
      'every job stored after the database returned',
      60_000,
    );
    await waitFor(
      () => jobIds.every((jobId) => updates.includes(jobId)),
      'a list update for every job',
      30_000,
    );
    // A marker job after them: once its update arrived, any repeat of the others would have too.
    const marker = listJob(1_999);
    await enqueueAll([marker]);
    await waitFor(() => updates.includes(marker.job_id), 'the marker job');

    expect(await storedCounts(jobIds)).toEqual(jobIds.map(() => 3));
    for (const jobId of jobIds) expect(updates.filter((id) => id === jobId)).toHaveLength(1);
    expect(await bus.deadLetters()).toEqual([]);
  }, 240_000);

  it('finishes the jobs of a SIGKILLed worker on the other one, and delivers long jobs once', async () => {
    // Each provider call outlasts the 1.5 s ack wait: only the heartbeats keep the jobs with their workers. Worker
    // A's calls are never answered, so every job it took is still in its hands when it is killed.
    fake.fallback = (request) =>
      request.authorization === 'Bearer sk-worker-a'
        ? { hang: true }
        : { content: 'Curator\nRetoucher\nColorist', delayMs: 4_000 };
    const before = fake.requests.length;
    const jobs = Array.from({ length: 6 }, (_, index) => listJob(2_000 + index));
    await enqueueAll(jobs);
    const byWorkerA = () =>
      fake.requests.slice(before).filter((request) => request.authorization === 'Bearer sk-worker-a').length;
    await waitFor(() => byWorkerA() > 0, 'worker A to call the provider');
    await workers.get('sk-worker-a')!.process.stop('SIGKILL');
    const heldByA = byWorkerA();

    const jobIds = jobs.map((job) => job.job_id);
    await waitFor(
      async () => (await storedCounts(jobIds)).every((count) => count === 3),
      'every job stored, those of the killed worker by the other',
      120_000,
    );
    expect(await storedCounts(jobIds)).toEqual(jobIds.map(() => 3));
    // One call per job, plus one again for each job worker A died on: no job was delivered twice while running.
    expect(fake.requests.length - before).toBe(jobs.length + heldByA);
    expect(await bus.deadLetters()).toEqual([]);
  }, 240_000);
});
