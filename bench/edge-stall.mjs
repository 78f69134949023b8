// Another user's request latency while one client hashes passwords or floods subscriptions, against an idle
// baseline in the same run (issue 13). Three repeats of each scenario. Run after `npm run build` (or `npx tsc -b`):
//   node bench/edge-stall.mjs   (env: SAMPLES 40, LOGINS 16, SUBSCRIPTIONS 2000, EVENTS 2000)
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
const admin = await startAdminService({ databaseUrl: database.url, bus, logger });
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

async function json(method, path, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json().catch(() => null) };
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
// A full event log, as in the report: each catch-up from 0 has every event to look through.
for (let index = 0; index < EVENTS; index += 50) {
  await Promise.all(
    Array.from({ length: 50 }, (_, offset) =>
      json(
        'POST',
        `/api/ai/response/tl/newstore/${attacker.userId}`,
        { ai_response: [`item ${index + offset}`] },
        attacker.token,
      ),
    ),
  );
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
  let refused = 0;
  const perSocket = 100;
  const opened = [];
  for (let socketIndex = 0; socketIndex * perSocket < SUBSCRIPTIONS; socketIndex++) {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    sockets.push(socket);
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
            for (let index = 0; index < perSocket; index++) {
              socket.send(
                JSON.stringify({
                  id: String(index),
                  type: 'subscribe',
                  payload: { query: 'subscription { listUpdated(family: tl, afterSequence: 0) { family } }' },
                }),
              );
            }
            resolve();
          } else if (message.type === 'error') refused += 1;
        });
      }),
    );
  }
  await Promise.all(opened);
  const result = await victimLatencies();
  for (const socket of sockets) socket.terminate();
  return { ...result, refused };
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
    `run ${repeat}: idle p50 ${round(idle.p50)} p99 ${round(idle.p99)} | ${LOGINS} logins p50 ${round(logins.p50)} p99 ${round(logins.p99)} (x${(logins.p50 / idle.p50).toFixed(1)}) | ${SUBSCRIPTIONS} subscriptions (${subscriptions.refused} refused) p50 ${round(subscriptions.p50)} p99 ${round(subscriptions.p99)} (x${(subscriptions.p50 / idle.p50).toFixed(1)})`,
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
