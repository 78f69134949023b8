// Another user's request latency while one client hashes passwords or floods subscriptions, against an idle
// baseline in the same run (issue 13). Three repeats of each scenario. Run after `npm run build` (or `npx tsc -b`):
//   node bench/edge-stall.mjs   (env: SAMPLES 40, LOGINS 16, EVENTS 2000, CATCH_UP 150, PASSWORD_HASH_THREADS)
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { startAdminService, passwordHashingState } = require('@promptloom/admin');
const { startAiWorker } = require('@promptloom/ai-worker');
const { createGateway } = require('@promptloom/gateway');
const { InProcessBus, createLogger } = require('@promptloom/shared');
const { createTestDatabase, signedBuses } = require('@promptloom/shared/testing');
const WebSocket = require('ws');

const SAMPLES = Number(process.env.SAMPLES ?? 40);
const LOGINS = Number(process.env.LOGINS ?? 16);
const EVENTS = Number(process.env.EVENTS ?? 2000);
// Missed events each flooding subscription catches up on: within the gateway's recent events (at most 500 per
// subscription), so each is really served rather than refused with RESUME_TOO_OLD.
const CATCH_UP = Number(process.env.CATCH_UP ?? 150);
// The gateway's defaults: 100 subscriptions per socket, 300 per user, 100 messages a second per socket.
const PER_SOCKET = 100;
const SOCKETS = 4;
const logger = createLogger('bench', 'silent');

const database = await createTestDatabase('pl_bench');
const bus = new InProcessBus({ requestTimeoutMs: 30_000 });
// Each part on its own signed view of the bus, as the embedded product composes them.
const signed = signedBuses(bus, { logger });
const admin = await startAdminService({
  databaseUrl: database.url,
  bus: signed.admin,
  logger,
  // PASSWORD_HASH_THREADS, as the admin service reads it (default 2).
  ...(process.env.PASSWORD_HASH_THREADS
    ? { passwordHashing: { threads: Number(process.env.PASSWORD_HASH_THREADS), queue: 32, maxWaitMs: 3000 } }
    : {}),
});
const ai = await startAiWorker({ databaseUrl: database.url, bus: signed.ai, logger, provider: {} });
const gateway = await createGateway({
  bus: signed.gateway,
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

/** At least SAMPLES reads in a row; with `until`, also until it settles, `gapMs` apart (to stay under its limit). */
async function victimLatencies({ until, gapMs = 0 } = {}) {
  const times = [];
  let settled = until === undefined;
  until?.finally(() => (settled = true));
  while (times.length < SAMPLES || !settled) {
    const started = performance.now();
    const answer = await json('GET', `/api/ai/response/tl/get/${victim.userId}`, undefined, victim.token);
    if (answer.status !== 200) throw new Error(`victim got ${answer.status}`);
    times.push(performance.now() - started);
    if (gapMs) await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(times.length / 2)],
    p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))],
  };
}

// Each login names an unknown address (hashed against the decoy all the same), so the per-account lock after 100
// failures never turns the phase into fast refusals; the per-address limits (500 failures an hour, 600 requests a
// minute) stay far away at this size. Every answer is counted: a login never answered is a defect.
async function whileLogins() {
  let stop = false;
  const statuses = {};
  const worker = async () => {
    while (!stop) {
      const email = `nobody${(counter += 1)}.${Date.now()}@example.com`;
      const { status } = await json('POST', '/api/login', { email, password: 'wrong password' });
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  const workers = Array.from({ length: LOGINS }, worker);
  // Measured once the pool is full (every place taken, the rest waiting), not before the first login arrives.
  while (passwordHashingState().waiting === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const result = await victimLatencies();
  stop = true;
  await Promise.all(workers);
  return { ...result, statuses };
}

const nextMessage = (socket, accept) =>
  new Promise((resolve) => {
    const listener = (data) => {
      const message = JSON.parse(String(data));
      if (accept(message)) {
        socket.off('message', listener);
        resolve(message);
      }
    };
    socket.on('message', listener);
  });

async function openSocket(token) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const acked = nextMessage(socket, (message) => message.type === 'connection_ack');
  socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
  await acked;
  return socket;
}

/**
 * A fresh attacker writes CATCH_UP items to its own TL list, then opens SOCKETS sockets and sends PER_SOCKET + 1
 * `listUpdated(afterSequence)` subscribes on each, from just before those writes: every accepted one replays the
 * CATCH_UP missed events from the gateway's recent events, then stays live; the 101st of a socket passes the
 * per-socket cap and the fourth socket the per-user cap (300), both refused. Subscribes go out in bursts of 50 a
 * half-second apart, under the per-socket message rate. The victim is measured while the replays are sent.
 */
async function whileSubscriptions(attacker) {
  const after = await bus.lastEventSequence();
  for (let index = 0; index < CATCH_UP; index += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, CATCH_UP - index) }, (_, offset) =>
        json(
          'POST',
          `/api/ai/response/tl/newstore/${attacker.userId}`,
          { ai_response: [`own ${letters(index + offset)}`] },
          attacker.token,
        ).then((answer) => {
          if (answer.status !== 200) throw new Error(`the attacker's writes: ${answer.status}`);
        }),
      ),
    );
  }
  const outcome = { accepted: 0, refused: {}, replayed: 0, closed: 0 };
  const sockets = [];
  for (let socketIndex = 0; socketIndex < SOCKETS; socketIndex++) {
    const socket = await openSocket(attacker.token);
    sockets.push(socket);
    socket.on('close', (code) => {
      if (code === 4429) outcome.closed += 1;
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'next') outcome.replayed += 1;
      else if (message.type === 'error') {
        const code = message.payload[0]?.extensions?.code ?? 'unknown';
        outcome.refused[code] = (outcome.refused[code] ?? 0) + 1;
      }
    });
  }
  const query = `subscription { listUpdated(family: tl, afterSequence: ${after}) { family sequence } }`;
  const subscribes = (async () => {
    for (let start = 0; start <= PER_SOCKET; start += 50) {
      for (const socket of sockets) {
        for (let index = start; index < Math.min(PER_SOCKET + 1, start + 50); index++)
          socket.send(JSON.stringify({ id: String(index), type: 'subscribe', payload: { query } }));
      }
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
  })();
  const result = await victimLatencies({ until: subscribes, gapMs: 30 });
  for (const socket of sockets) socket.terminate();
  const refusedCount = Object.values(outcome.refused).reduce((sum, each) => sum + each, 0);
  outcome.accepted = SOCKETS * (PER_SOCKET + 1) - refusedCount;
  return { ...result, ...outcome };
}

const round = (value) => `${value.toFixed(1)} ms`;
console.log(
  `load average before: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
const format = (counts) =>
  Object.entries(counts)
    .map(([key, value]) => `${value}×${key}`)
    .join(' ');
for (let repeat = 1; repeat <= 3; repeat++) {
  const attacker = await signUp();
  const idle = await victimLatencies();
  const logins = await whileLogins();
  const subscriptions = await whileSubscriptions(attacker);
  const load = loadavg()[0].toFixed(2);
  console.log(
    `run ${repeat} (load ${load}; ${unanswered} requests unanswered after 60 s so far): idle p50 ${round(idle.p50)} p99 ${round(idle.p99)}` +
      ` | ${LOGINS} logins (${format(logins.statuses)}) p50 ${round(logins.p50)} p99 ${round(logins.p99)} (x${(logins.p50 / idle.p50).toFixed(1)})` +
      ` | flood (${subscriptions.accepted} subscriptions accepted, refused ${format(subscriptions.refused) || 'none'}, ${subscriptions.replayed} events sent, ${subscriptions.closed} sockets closed 4429)` +
      ` p50 ${round(subscriptions.p50)} p99 ${round(subscriptions.p99)} (x${(subscriptions.p50 / idle.p50).toFixed(1)})`,
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
