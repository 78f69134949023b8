// Another user's request latency while one client hashes passwords or floods subscriptions, against an idle
// baseline in the same run (issue 13). Three repeats of each scenario. Run after `npm run build` (or `npx tsc -b`):
//   node bench/edge-stall.mjs   (env: SAMPLES 40, LOGINS 16, SUBSCRIPTIONS 2000, EVENTS 2000, PASSWORD_HASH_THREADS)
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { startAdminService } = require('@promptloom/admin');
const { startAiWorker } = require('@promptloom/ai-worker');
const { createGateway } = require('@promptloom/gateway');
const { InProcessBus, createLogger } = require('@promptloom/shared');
const { createTestDatabase } = require('@promptloom/shared/testing');
const WebSocket = require('ws');

const SAMPLES = Number(process.env.SAMPLES ?? 40);
const LOGINS = Number(process.env.LOGINS ?? 16);
const SUBSCRIPTIONS = Number(process.env.SUBSCRIPTIONS ?? 2000);
const EVENTS = Number(process.env.EVENTS ?? 2000);
const logger = createLogger('bench', 'silent');

const database = await createTestDatabase('pl_bench');
const bus = new InProcessBus({ requestTimeoutMs: 30_000 });
const admin = await startAdminService({
  databaseUrl: database.url,
  bus,
  logger,
  // PASSWORD_HASH_THREADS, as the admin service reads it (default 2).
  ...(process.env.PASSWORD_HASH_THREADS
    ? { passwordHashing: { threads: Number(process.env.PASSWORD_HASH_THREADS), queue: 32, maxWaitMs: 3000 } }
    : {}),
});
const ai = await startAiWorker({ databaseUrl: database.url, bus, logger, provider: {} });
const gateway = await createGateway({
  bus,
  logger,
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
  sessionIdleMs: 3_600_000,
  maxBodyBytes: 1_048_576,
});
const port = await gateway.listen(0, '127.0.0.1');
const base = `http://127.0.0.1:${port}`;

let unanswered = 0;
async function json(method, path, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  // A request left unanswered for a minute counts as status 0 (unanswered) instead of stalling the bench.
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(60_000),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  } catch (error) {
    if (error.name !== 'TimeoutError') throw error;
    unanswered += 1;
    return { status: 0, body: null };
  }
}
let counter = 0;
async function signUp() {
  counter += 1;
  const email = `bench${counter}.${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const answer = await json('POST', '/api/signup', {
    first_name: 'Bench',
    last_name: 'User',
    email,
    mobile: '+44 20 7946 0958',
    password,
    password_confirmation: password,
  });
  return { token: answer.body.access_token, userId: answer.body.user.id, email };
}

const attacker = await signUp();
const victim = await signUp();
// A full event log, as in the report: each catch-up from 0 has every event to look through. Item names are letters
// only (digits are cleaned out of item names, so "item 12" and "item 13" would be one item), written by several
// users so no one passes the per-user request limit.
const letters = (number) => {
  let word = '';
  for (let rest = number + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    word = String.fromCharCode(97 + ((rest - 1) % 26)) + word;
  return word;
};
const FILL_PER_USER = 500;
for (let start = 0; start < EVENTS; start += FILL_PER_USER) {
  const filler = await signUp();
  for (let index = start; index < Math.min(EVENTS, start + FILL_PER_USER); index += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, EVENTS - index) }, (_, offset) =>
        json(
          'POST',
          `/api/ai/response/tl/newstore/${filler.userId}`,
          { ai_response: [`item ${letters(index + offset)}`] },
          filler.token,
        ).then((answer) => {
          if (answer.status !== 200) throw new Error(`filling the event log: ${answer.status}`);
        }),
      ),
    );
  }
}

async function victimLatencies() {
  const times = [];
  for (let index = 0; index < SAMPLES; index++) {
    const started = performance.now();
    const answer = await json('GET', `/api/ai/response/tl/get/${victim.userId}`, undefined, victim.token);
    if (answer.status !== 200) throw new Error(`victim got ${answer.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(times.length / 2)],
    p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))],
  };
}

async function whileLogins() {
  let stop = false;
  const worker = async () => {
    while (!stop) await json('POST', '/api/login', { email: attacker.email, password: 'wrong password' });
  };
  const workers = Array.from({ length: LOGINS }, worker);
  const result = await victimLatencies();
  stop = true;
  await Promise.all(workers);
  return result;
}

async function whileSubscriptions() {
  const sockets = [];
  const outcome = { refused: 0, closed: 0 };
  // One under WS_MAX_MESSAGES_PER_SECOND with the connection_init, so the rate limit alone does not close a socket.
  const perSocket = 99;
  const opened = [];
  for (let socketIndex = 0; socketIndex * perSocket < SUBSCRIPTIONS; socketIndex++) {
    const count = Math.min(perSocket, SUBSCRIPTIONS - socketIndex * perSocket);
    const socket = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    sockets.push(socket);
    socket.on('close', (code) => {
      if (code === 4429) outcome.closed += 1;
    });
    opened.push(
      new Promise((resolve) => {
        socket.on('open', () =>
          socket.send(
            JSON.stringify({
              type: 'connection_init',
              payload: { authorization: `Bearer ${attacker.token}` },
            }),
          ),
        );
        socket.on('message', (data) => {
          const message = JSON.parse(String(data));
          if (message.type === 'connection_ack') {
            for (let index = 0; index < count; index++) {
              socket.send(
                JSON.stringify({
                  id: String(index),
                  type: 'subscribe',
                  payload: { query: 'subscription { listUpdated(family: tl, afterSequence: 0) { family } }' },
                }),
              );
            }
            resolve();
          } else if (message.type === 'error') outcome.refused += 1;
        });
      }),
    );
  }
  await Promise.all(opened);
  const result = await victimLatencies();
  for (const socket of sockets) socket.terminate();
  return { ...result, ...outcome, sockets: sockets.length };
}

const round = (value) => `${value.toFixed(1)} ms`;
console.log(
  `load average before: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
for (let repeat = 1; repeat <= 3; repeat++) {
  const idle = await victimLatencies();
  const logins = await whileLogins();
  const subscriptions = await whileSubscriptions();
  console.log(
    `run ${repeat} (${unanswered} requests unanswered after 60 s so far): idle p50 ${round(idle.p50)} p99 ${round(idle.p99)} | ${LOGINS} logins p50 ${round(logins.p50)} p99 ${round(logins.p99)} (x${(logins.p50 / idle.p50).toFixed(1)}) | ${SUBSCRIPTIONS} subscriptions (${subscriptions.refused} refused, ${subscriptions.closed} of ${subscriptions.sockets} sockets closed 4429) p50 ${round(subscriptions.p50)} p99 ${round(subscriptions.p99)} (x${(subscriptions.p50 / idle.p50).toFixed(1)})`,
  );
}
console.log(
  `load average after: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
await gateway.close();
await ai.stop();
await admin.stop();
await bus.close();
await database.drop();
process.exit(0);
