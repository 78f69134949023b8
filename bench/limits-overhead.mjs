// What the requests-per-user limit adds to a request: the same authenticated REST request (GET /api/me: gateway →
// in-process bus → admin service → PostgreSQL) through three gateways on one bus, limits off, counted in memory
// (the embedded default) and counted in PostgreSQL (distributed: shared by gateway replicas). Requests go one at a
// time, rotating between the gateways in blocks so drift in the machine's load hits all three alike.
// Run after `npm run build`:  node bench/limits-overhead.mjs  (env: REQUESTS per gateway per run, RUNS, BLOCK,
// REQUEST_PATH: /api/me by default; /api/limits-bench, a 404 behind the limit, isolates the limit from the services).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const { startAdminService } = require('@promptloom/admin');
const { createGateway } = require('@promptloom/gateway');
const { InProcessBus, closeLimitStore, createLogger, openPostgresLimitStore } = require('@promptloom/shared');
const { createTestDatabase, signedBuses } = require('@promptloom/shared/testing');

const REQUESTS = Number(process.env.REQUESTS ?? 2000);
const RUNS = Number(process.env.RUNS ?? 3);
const BLOCK = Number(process.env.BLOCK ?? 50);
const REQUEST_PATH = process.env.REQUEST_PATH ?? '/api/me';
const EXPECTED_STATUS = REQUEST_PATH === '/api/me' ? 200 : 404;
const logger = createLogger('bench', 'silent');
const jwtSecret = randomBytes(48).toString('hex');

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (value) => Math.round(value * 1000) / 1000;

async function startGateway(bus, requestLimits) {
  const gateway = await createGateway({
    bus,
    logger,
    jwtSecret,
    sessionIdleMs: 3_600_000,
    maxBodyBytes: 1_048_576,
    requestLimits,
  });
  return { gateway, url: `http://127.0.0.1:${await gateway.listen(0, '127.0.0.1')}` };
}

async function main() {
  const database = await createTestDatabase('pl_bench');
  const bus = new InProcessBus({ requestTimeoutMs: 10_000 });
  // Each part on its own signed view of the bus, as the embedded product composes them.
  const signed = signedBuses(bus, { logger });
  const admin = await startAdminService({ databaseUrl: database.url, bus: signed.admin, logger });
  const store = await openPostgresLimitStore(database.url, 'gateway');
  const never = 1_000_000_000;
  const gateways = {
    off: await startGateway(signed.gateway, { enabled: false }),
    memory: await startGateway(signed.gateway, { enabled: true, perMinute: never }),
    postgres: await startGateway(signed.gateway, { enabled: true, perMinute: never, store }),
  };

  const signup = await fetch(`${gateways.off.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: 'Limits',
      email: `bench.limits.${randomBytes(4).toString('hex')}@example.com`,
      mobile: '+1 555 0100',
      password: 'bench password 123',
      password_confirmation: 'bench password 123',
    }),
  });
  const { access_token: token } = await signup.json();
  const headers = { authorization: `Bearer ${token}` };
  const once = async (url) => {
    const started = performance.now();
    const response = await fetch(`${url}${REQUEST_PATH}`, { headers });
    await response.arrayBuffer();
    if (response.status !== EXPECTED_STATUS)
      throw new Error(`GET ${REQUEST_PATH} answered ${response.status}`);
    return performance.now() - started;
  };
  // Warm-up: connections, JIT, the limit table's first rows.
  for (const { url } of Object.values(gateways)) for (let i = 0; i < 200; i++) await once(url);

  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    const samples = { off: [], memory: [], postgres: [] };
    const loadBefore = os.loadavg()[0];
    for (let done = 0; done < REQUESTS; done += BLOCK) {
      for (const [mode, { url }] of Object.entries(gateways)) {
        for (let i = 0; i < BLOCK; i++) samples[mode].push(await once(url));
      }
    }
    const figures = {};
    for (const [mode, values] of Object.entries(samples)) {
      const sorted = values.sort((a, b) => a - b);
      figures[mode] = { p50_ms: round(percentile(sorted, 50)), p99_ms: round(percentile(sorted, 99)) };
    }
    runs.push({
      run,
      requests_per_mode: REQUESTS,
      load_average_1m: `${round(loadBefore)} → ${round(os.loadavg()[0])}`,
      ...figures,
      memory_minus_off_p50_ms: round(figures.memory.p50_ms - figures.off.p50_ms),
      postgres_minus_off_p50_ms: round(figures.postgres.p50_ms - figures.off.p50_ms),
      memory_over_off_p50: round(figures.memory.p50_ms / figures.off.p50_ms),
      postgres_over_off_p50: round(figures.postgres.p50_ms / figures.off.p50_ms),
    });
  }
  process.stdout.write(`${JSON.stringify({ path: REQUEST_PATH, cores: os.cpus().length, runs }, null, 2)}\n`);

  for (const { gateway } of Object.values(gateways)) await gateway.close();
  await closeLimitStore(store);
  await admin.stop();
  await bus.close();
  await database.drop();
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
