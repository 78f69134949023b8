// Latency from the AI worker committing a list update to a subscribed GraphQL client receiving it, on the real
// NATS server: the admin service, the AI worker and the gateway each on their own NatsBus connection, clients on
// graphql-ws. Run after `npm run build`:  node bench/list-latency.mjs  (env: UPDATES, USERS, TABS, IN_FLIGHT).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { startAdminService } = require('@promptloom/admin');
const { startAiWorker } = require('@promptloom/ai-worker');
const { createGateway, TokenService } = require('@promptloom/gateway');
const { aiOperations } = require('@promptloom/proto');
const { GeneratedBusKeys, NatsBus, SignedBus, call, createLogger } = require('@promptloom/shared');
const { createTestDatabase } = require('@promptloom/shared/testing');
const { createClient } = require('graphql-ws');
const WebSocket = require('ws');
const { connect } = require('nats');

const UPDATES = Number(process.env.UPDATES ?? 1000);
const USERS = Number(process.env.USERS ?? 20);
const TABS = Number(process.env.TABS ?? 5);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 4);
const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const namespace = `bench-${randomBytes(4).toString('hex')}`;
const logger = createLogger('bench', 'silent');

const natsBus = (name) =>
  NatsBus.connect({ servers: NATS_URL, namespace, name, logger, requestTimeoutMs: 10_000 });

async function signUp(baseUrl, index) {
  const response = await fetch(`${baseUrl}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: `User${index}`,
      email: `bench.${namespace}.${index}@example.com`,
      mobile: '+1 555 0100',
      password: 'bench password 123',
      password_confirmation: 'bench password 123',
    }),
  });
  const body = await response.json();
  return { id: body.user.id, token: body.access_token };
}

function subscribeList(baseUrl, token, onUpdate) {
  const client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
  });
  return new Promise((resolve, reject) => {
    client.on('connected', () => setTimeout(() => resolve(client), 50));
    client.subscribe(
      { query: 'subscription { listUpdated(family: tr) { committedAt items { id } } }' },
      { next: (value) => onUpdate(value.data.listUpdated), error: reject, complete: () => undefined },
    );
  });
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const database = await createTestDatabase('pl_bench');
  const [adminNats, aiNats, gatewayNats] = await Promise.all([
    natsBus('admin'),
    natsBus('ai-worker'),
    natsBus('gateway'),
  ]);
  // Each part signs its requests with its own key, as the product does (README "Security: signed actors on the bus").
  const keys = new GeneratedBusKeys();
  const adminBus = new SignedBus(adminNats, { keys: keys.for('admin'), logger });
  const aiBus = new SignedBus(aiNats, { keys: keys.for('ai'), logger });
  const gatewayBus = new SignedBus(gatewayNats, { keys: keys.for('gateway'), logger });
  // The writes state their user as the gateway does, on the connection they used before (the worker's).
  const writerBus = new SignedBus(aiNats, { keys: keys.for('gateway'), logger });
  const admin = await startAdminService({ databaseUrl: database.url, bus: adminBus, logger });
  const ai = await startAiWorker({ databaseUrl: database.url, bus: aiBus, logger, provider: {} });
  const jwtSecret = randomBytes(48).toString('hex');
  const gateway = await createGateway({
    bus: gatewayBus,
    logger,
    jwtSecret,
    sessionIdleMs: 3_600_000,
    maxBodyBytes: 1_048_576,
  });
  const baseUrl = `http://127.0.0.1:${await gateway.listen(0, '127.0.0.1')}`;

  const users = [];
  for (let index = 0; index < USERS; index++) users.push(await signUp(baseUrl, index));
  // The writes' actor is each user's own, with its live session (services check it), as their token states it.
  const tokens = new TokenService(jwtSecret, 3_600_000);
  for (const user of users) user.actor = tokens.verify(user.token).actor;
  const latencies = [];
  const clients = [];
  for (const user of users) {
    for (let tab = 0; tab < TABS; tab++) {
      clients.push(
        await subscribeList(baseUrl, user.token, (update) => latencies.push(Date.now() - update.committedAt)),
      );
    }
  }

  // The same events as the gateway's bus sees them: splits the latency into worker → NATS → gateway, and the rest.
  const busLatencies = [];
  const busProbe = await natsBus('probe');
  await busProbe.subscribe('evt.ai.list.updated', async (event) => {
    busLatencies.push(Date.now() - event.payload.committedAt);
  });

  const expected = UPDATES * TABS;
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < UPDATES) {
      const index = next++;
      const user = users[index % users.length];
      await call(
        writerBus,
        aiOperations.newStore,
        { family: 'tr', user_id: user.id, ai_response: [`Item${index}`] },
        { context: { actor: user.actor } },
      );
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const deadline = Date.now() + 30_000;
  while (latencies.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const elapsed = Date.now() - started;

  const sorted = [...latencies].sort((a, b) => a - b);
  const result = {
    updates: UPDATES,
    subscribers: clients.length,
    deliveries: `${latencies.length}/${expected}`,
    p50_ms: percentile(sorted, 50),
    p99_ms: percentile(sorted, 99),
    max_ms: sorted[sorted.length - 1],
    updates_per_s: Math.round((UPDATES / elapsed) * 1000),
    on_bus_p50_ms: percentile(
      [...busLatencies].sort((x, y) => x - y),
      50,
    ),
    on_bus_p99_ms: percentile(
      [...busLatencies].sort((x, y) => x - y),
      99,
    ),
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);

  await Promise.all(clients.map((client) => client.dispose()));
  await gateway.close();
  await ai.stop();
  await admin.stop();
  await Promise.all([adminBus.close(), aiBus.close(), gatewayBus.close(), busProbe.close()]);
  await database.drop();
  const nc = await connect({ servers: NATS_URL });
  const manager = await nc.jetstreamManager();
  for await (const stream of manager.streams.list()) {
    if (stream.config.name.toLowerCase().includes(namespace))
      await manager.streams.delete(stream.config.name);
  }
  await nc.close();
  if (latencies.length < expected) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
