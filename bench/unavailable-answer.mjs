// How fast the gateway answers 503 for a service that is stopped, against the same request answered by the running
// service (the baseline, same run). The admin service and the gateway each on their own NatsBus connection to the
// real NATS server. Run after `npm run build`:  node bench/unavailable-answer.mjs  (env: REQUESTS, REPEATS).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';

const require = createRequire(import.meta.url);
const { startAdminService } = require('@promptloom/admin');
const { createGateway } = require('@promptloom/gateway');
const { GeneratedBusKeys, NatsBus, SignedBus, createLogger } = require('@promptloom/shared');
const { createTestDatabase } = require('@promptloom/shared/testing');

const REQUESTS = Number(process.env.REQUESTS ?? 50);
const REPEATS = Number(process.env.REPEATS ?? 3);
const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const namespace = `bench-${randomBytes(4).toString('hex')}`;
const logger = createLogger('bench', 'silent');
// Each part signs its bus requests with its own key, as the product does (README "Security: signed actors on the bus").
const busKeys = new GeneratedBusKeys();
const natsBus = async (name, signer) =>
  new SignedBus(await NatsBus.connect({ servers: NATS_URL, namespace, name, logger }), {
    keys: busKeys.for(signer),
    logger,
  });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** REQUESTS sequential `GET /api/user` (answered by the admin service): each one's milliseconds and status. */
async function measure(baseUrl, token) {
  const times = [];
  const statuses = new Set();
  for (let index = 0; index < REQUESTS; index += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    statuses.add(response.status);
  }
  return { median: median(times), max: Math.max(...times), statuses: [...statuses].join(',') };
}

const database = await createTestDatabase('pl_bench');
const gatewayBus = await natsBus('bench-gateway', 'gateway');
const gateway = await createGateway({
  bus: gatewayBus,
  logger,
  jwtSecret: randomBytes(48).toString('hex'),
  sessionIdleMs: 3_600_000,
  maxBodyBytes: 1_000_000,
});
const port = await gateway.listen(0, '127.0.0.1');
const baseUrl = `http://127.0.0.1:${port}`;
const rows = [];
try {
  let token = null;
  for (let repeat = 1; repeat <= REPEATS; repeat += 1) {
    const adminBus = await natsBus('bench-admin', 'admin');
    const admin = await startAdminService({ databaseUrl: database.url, bus: adminBus, logger });
    if (!token) {
      const signup = await fetch(`${baseUrl}/api/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          first_name: 'Bench',
          last_name: 'User',
          email: `bench.${namespace}@example.com`,
          mobile: '+1 555 0100',
          password: 'bench password 123',
          password_confirmation: 'bench password 123',
        }),
      });
      token = (await signup.json()).access_token;
    }
    const running = await measure(baseUrl, token);
    await admin.stop();
    await adminBus.close();
    const stopped = await measure(baseUrl, token);
    rows.push({ repeat, running, stopped, ratio: stopped.median / running.median });
  }
} finally {
  await gateway.close();
  await gatewayBus.close();
  await database.drop();
}

const load = os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(' / ');
console.log(`load average (1/5/15 min): ${load}; ${REQUESTS} sequential GET /api/user per measurement`);
for (const { repeat, running, stopped, ratio } of rows) {
  console.log(
    `repeat ${repeat}: running ${running.median.toFixed(1)} ms median (max ${running.max.toFixed(1)}, ` +
      `status ${running.statuses}); stopped ${stopped.median.toFixed(1)} ms median (max ${stopped.max.toFixed(1)}, ` +
      `status ${stopped.statuses}); ratio ${ratio.toFixed(2)}`,
  );
}
process.exit(0);
