// Issue 14: generation jobs through a 50 s PostgreSQL outage with the workers' default job settings (ack wait,
// 30 min retry deadline, back-off): sent / applied / lost / duplicated. Not part of the jest suite (it takes
// minutes). Run after `npm run build` (or `npx tsc -b`):
//   node bench/long-outage.mjs   (env: JOBS 200, JOB_INTERVAL_MS 250, OUTAGE_MS 50000, OUTAGE_AFTER_MS 5000,
//                                 WORKERS 2, DEADLINE_MS 900000)
// It starts a PostgreSQL and a NATS server of its own (the fault tests' helpers) and the AI workers as separate
// processes, queues a stream of jobs on the bus, stops PostgreSQL for OUTAGE_MS while the stream goes on, starts
// it again and waits until every job is applied.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { loadavg } from 'node:os';

const require = createRequire(import.meta.url);
const { transformSync } = require('@swc/core');

// The fault tests' helpers are TypeScript: compile them on load, as jest's @swc/jest does.
Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    module: { type: 'commonjs' },
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
  });
  module._compile(code, filename);
};

const { Client } = require('pg');
const { GENERATION_QUEUE, aiEvents } = require('@promptloom/proto');
const { GeneratedBusKeys, NatsBus, createLogger, onEvent } = require('@promptloom/shared');
const { startPrivatePostgres } = require('../test/support/private-postgres.ts');
const { startPrivateNats } = require('../test/support/private-nats.ts');
const { startFakeOpenAiServer } = require('../test/support/fake-openai-server.ts');
const { freePort, startProcess, waitUntilReady } = require('../test/support/processes.ts');

const JOBS = Number(process.env.JOBS ?? 200);
const JOB_INTERVAL_MS = Number(process.env.JOB_INTERVAL_MS ?? 250);
const OUTAGE_MS = Number(process.env.OUTAGE_MS ?? 50_000);
const OUTAGE_AFTER_MS = Number(process.env.OUTAGE_AFTER_MS ?? 5_000);
const WORKERS = Number(process.env.WORKERS ?? 2);
const DEADLINE_MS = Number(process.env.DEADLINE_MS ?? 900_000);
/** Each job stores exactly these three items for a user of its own: more rows for a job means it was applied twice. */
const REPLY = 'Curator\nRetoucher\nColorist';
const ITEMS_PER_JOB = 3;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();
const log = (message) => console.log(`[${seconds(Date.now() - started)}] ${message}`);

const namespace = `outage-${randomBytes(4).toString('hex')}`;
const postgres = await startPrivatePostgres();
const nats = await startPrivateNats();
const fake = await startFakeOpenAiServer();
fake.fallback = () => ({ content: REPLY });
const workers = [];
// The workers' bus keys, given as a deployment gives them (README "Security: signed actors on the bus").
const busKeys = new GeneratedBusKeys();
let bus;
let db;

try {
  for (let index = 0; index < WORKERS; index += 1) {
    const port = await freePort();
    // Only what a deployment must give; every AI_JOB_* setting is left at its default.
    const worker = startProcess(`ai-worker-${index + 1}`, 'services/ai-worker/dist/main.js', {
      NATS_URL: nats.url,
      BUS_NAMESPACE: namespace,
      DATABASE_URL: postgres.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      OPENAI_API_KEY: `sk-outage-${index + 1}`,
      OPENAI_BASE_URL: fake.baseUrl,
      ...busKeys.environmentFor('ai'),
    });
    workers.push(worker);
    await waitUntilReady([worker], `http://127.0.0.1:${port}/readyz`, 120_000);
  }
  const logger = createLogger('long-outage-bench', 'silent');
  bus = await NatsBus.connect({ servers: nats.url, namespace, name: 'long-outage-bench', logger });
  const updates = new Map();
  await onEvent(bus, aiEvents.listUpdated, async ({ jobId }) => {
    if (jobId) updates.set(jobId, (updates.get(jobId) ?? 0) + 1);
  });
  log(`${WORKERS} workers ready (default job settings); ${JOBS} jobs, one each ${JOB_INTERVAL_MS} ms`);

  const jobIds = [];
  const today = new Date().toISOString().slice(0, 10);
  const stream = (async () => {
    for (let index = 0; index < JOBS; index += 1) {
      const job = {
        kind: 'list',
        job_id: randomUUID(),
        user_id: 10_000 + index,
        family: 'tr',
        levels: 0,
        ai_model: 'gpt-4o',
        frequency: ITEMS_PER_JOB,
        agent_role: null,
        name: null,
        today,
      };
      await bus.enqueue(GENERATION_QUEUE, job, { id: job.job_id });
      jobIds.push(job.job_id);
      await sleep(JOB_INTERVAL_MS);
    }
  })();

  await sleep(OUTAGE_AFTER_MS);
  log(`stopping PostgreSQL for ${seconds(OUTAGE_MS)} (${jobIds.length} jobs sent so far)`);
  await postgres.stop();
  await sleep(OUTAGE_MS);
  await postgres.start();
  const restartedAt = Date.now();
  log(`PostgreSQL started again (${jobIds.length} jobs sent so far)`);
  await stream;
  log(`all ${jobIds.length} jobs sent`);

  db = new Client({ connectionString: postgres.url });
  await db.connect();
  const rowsPerJob = async () => {
    const { rows } = await db.query(
      'select job_id, count(*)::int as count from ai.list_items where job_id = any($1) group by job_id',
      [jobIds],
    );
    return new Map(rows.map((row) => [row.job_id, row.count]));
  };
  const deadline = Date.now() + DEADLINE_MS;
  let stored = await rowsPerJob();
  while (stored.size < jobIds.length && Date.now() < deadline) {
    await sleep(1_000);
    stored = await rowsPerJob();
  }
  const allStoredAt = Date.now();
  log(`${stored.size} of ${jobIds.length} jobs stored`);
  // A marker job after them all: once its update has arrived, a repeat of any other would have arrived too.
  const marker = randomUUID();
  await bus.enqueue(
    GENERATION_QUEUE,
    {
      kind: 'list',
      job_id: marker,
      user_id: 9_999,
      family: 'tr',
      levels: 0,
      ai_model: 'gpt-4o',
      frequency: ITEMS_PER_JOB,
      agent_role: null,
      name: null,
      today,
    },
    { id: marker },
  );
  while (!updates.has(marker) && Date.now() < deadline) await sleep(200);
  stored = await rowsPerJob();

  const applied = jobIds.filter((id) => stored.get(id) === ITEMS_PER_JOB && updates.get(id) >= 1).length;
  const lost = jobIds.filter((id) => !stored.has(id)).length;
  const duplicated = jobIds.filter(
    (id) => (stored.get(id) ?? 0) > ITEMS_PER_JOB || updates.get(id) > 1,
  ).length;
  const deadLetters = (await bus.deadLetters()).length;
  console.log(
    JSON.stringify({
      sent: jobIds.length,
      applied,
      lost,
      duplicated,
      dead_letters: deadLetters,
      outage_ms: OUTAGE_MS,
      stored_s_after_postgres_back: Number(((allStoredAt - restartedAt) / 1000).toFixed(1)),
      provider_calls: fake.requests.length,
      load_average: loadavg().map((value) => Number(value.toFixed(2))),
    }),
  );
  process.exitCode = lost === 0 && duplicated === 0 ? 0 : 1;
} finally {
  await Promise.all(workers.map((worker) => worker.stop('SIGTERM')));
  await bus?.close().catch(() => undefined);
  await db?.end().catch(() => undefined);
  await fake.close();
  await nats.stop();
  await postgres.dispose();
}
