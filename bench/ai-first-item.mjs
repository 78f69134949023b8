// Time from Run to the first generated item visible to a subscribed client (issue 17), against the time to the
// whole list (what a client saw first before runs streamed) in the same runs. A local streaming OpenAI-compatible
// server sends 10 items, one every CHUNK_MS. Run after `npm run build` (or `npx tsc -b`):
//   node bench/ai-first-item.mjs   (env: RUNS 30, CHUNK_MS 20)
import http from 'node:http';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { startAdminService } = require('@promptloom/admin');
const { startAiWorker } = require('@promptloom/ai-worker');
const { createGateway } = require('@promptloom/gateway');
const { InProcessBus, createLogger } = require('@promptloom/shared');
const { createTestDatabase, signedBuses } = require('@promptloom/shared/testing');
const { createClient } = require('graphql-ws');
const WebSocket = require('ws');

const RUNS = Number(process.env.RUNS ?? 30);
const CHUNK_MS = Number(process.env.CHUNK_MS ?? 20);
const ITEMS = 10;
const logger = createLogger('bench', 'silent');
const letters = (n) => (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));
let replies = 0;

/** The real API's streamed shape: one chunk per item line, then usage and [DONE]. */
const provider = http.createServer((request, response) => {
  request.resume();
  request.on('end', async () => {
    const run = letters(replies++);
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta, finish = null) =>
      response.write(
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'gpt-4o', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    chunk({ role: 'assistant', content: '' });
    for (let index = 0; index < ITEMS; index += 1) {
      chunk({ content: `Item${run}${letters(index)}\n` });
      await new Promise((resolve) => setTimeout(resolve, CHUNK_MS));
    }
    chunk({}, 'stop');
    response.end('data: [DONE]\n\n');
  });
});
await new Promise((resolve) => provider.listen(0, '127.0.0.1', resolve));

const database = await createTestDatabase('pl_bench');
const bus = new InProcessBus({ requestTimeoutMs: 30_000 });
// Each part on its own signed view of the bus, as the embedded product composes them.
const signed = signedBuses(bus, { logger });
const admin = await startAdminService({ databaseUrl: database.url, bus: signed.admin, logger });
const ai = await startAiWorker({
  databaseUrl: database.url,
  bus: signed.ai,
  logger,
  provider: { apiKey: 'sk-bench', baseUrl: `http://127.0.0.1:${provider.address().port}/v1` },
});
const gateway = await createGateway({
  bus: signed.gateway,
  logger,
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
  sessionIdleMs: 3_600_000,
  maxBodyBytes: 1_048_576,
});
const port = await gateway.listen(0, '127.0.0.1');
const base = `http://127.0.0.1:${port}`;

async function graphql(query, variables, token) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return response.json();
}

async function signUp(index) {
  const response = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: 'User',
      email: `bench-${Date.now()}-${index}@example.com`,
      mobile: '+44 20 7946 0958',
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
    }),
  });
  const body = await response.json();
  if (!body.access_token) throw new Error(`signup failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** One run: subscribe, press Run, note when the first item and the end arrive. */
async function oneRun(token) {
  const client = createClient({
    url: `${base.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
  });
  let started = 0;
  let first = 0;
  const done = new Promise((resolve, reject) => {
    const subscribed = new Promise((ready) => client.on('connected', ready));
    client.subscribe(
      { query: 'subscription { listUpdated(family: br) { jobId added { id } run { state } } }' },
      {
        next: ({ data, errors }) => {
          if (!data) return reject(new Error(JSON.stringify(errors)));
          const update = data.listUpdated;
          if (!update.jobId) return;
          if (!first && update.added.length > 0) first = performance.now();
          if (update.run?.state !== 'running') resolve(performance.now());
        },
        error: reject,
        complete: () => undefined,
      },
    );
    subscribed.then(async () => {
      // The gateway registers the subscription just after the connection: give it that moment once.
      await new Promise((settle) => setTimeout(settle, 100));
      started = performance.now();
      const run = await graphql(
        'mutation($input: RunAgentInput!) { runAgent(input: $input) { jobId } }',
        { input: { family: 'br', aiModel: 'gpt-4o', frequency: ITEMS } },
        token,
      );
      if (!run.data?.runAgent?.jobId) reject(new Error(JSON.stringify(run)));
    });
  });
  const end = await done;
  await client.dispose();
  return { first: first - started, whole: end - started };
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (value) => `${value.toFixed(0)} ms`;
const firsts = [];
const wholes = [];
// One user (sign-ups are rate limited); every run's items are new words, so each run stores all 10.
const token = await signUp(0);
for (let index = 0; index < RUNS; index += 1) {
  const { first, whole } = await oneRun(token);
  firsts.push(first);
  wholes.push(whole);
}
const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(' ');
console.log(
  `ai-first-item (load ${load}): ${RUNS} runs of ${ITEMS} items, one every ${CHUNK_MS} ms;` +
    ` first item visible median ${ms(quantile(firsts, 0.5))}, p99 ${ms(quantile(firsts, 0.99))};` +
    ` whole list (the baseline: what a client waited for before streaming) median ${ms(quantile(wholes, 0.5))},` +
    ` p99 ${ms(quantile(wholes, 0.99))}; ratio first/whole ${(quantile(firsts, 0.5) / quantile(wholes, 0.5)).toFixed(2)}`,
);
await gateway.close();
await ai.stop();
await admin.stop();
await bus.close();
await database.drop();
provider.close();
process.exit(0);
