// p50/p99 of an admin records page with a server-side search, through the gateway over real HTTP, with 100,000 list
// items across 1,000 users, under 20 concurrent clients (autocannon). Run after `npm run build`:
//   node bench/records-list.mjs   (env: USERS 1000, RECORDS 100000, CONNECTIONS 20, SECONDS 15)
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { startAdminService, ensureAdminAccount } = require('@promptloom/admin');
const { startAiWorker } = require('@promptloom/ai-worker');
const { createGateway } = require('@promptloom/gateway');
const { InProcessBus, createLogger } = require('@promptloom/shared');
const { createTestDatabase, signedBuses } = require('@promptloom/shared/testing');
const pg = require('pg');

const USERS = Number(process.env.USERS ?? 1000);
const RECORDS = Number(process.env.RECORDS ?? 100_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 15);
const logger = createLogger('bench', 'silent');

/** Seeds straight into the ai schema (names as the worker keeps them, items spread over users and families). */
async function seed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `insert into ai.user_names (user_id, name)
     select g, 'User' || g || ' ' || (array['Lovelace','Hopper','Turing','Noether','Curie'])[1 + g % 5]
     from generate_series(1000, 999 + $1) g`,
    [USERS],
  );
  await client.query(
    `insert into ai.list_items (user_id, family, ai_response, name_key, levels, ai_model, frequency, status)
     select 1000 + g % $2, (array['tl','tr','bl'])[1 + g % 3], t.text, lower(t.text),
            g % 4, (array['gpt-4o','gpt-4-turbo','gpt-3.5-turbo'])[1 + g % 3], 1 + g % 20, g % 2
     from generate_series(1, $1) g,
          lateral (select (array['Portrait','Landscape','Macro','Noir','Sepia','Aerial','Studio','Street'])[1 + g % 8]
                          || ' ' || g as text) t`,
    [RECORDS, USERS],
  );
  await client.query('vacuum analyze ai.list_items');
  await client.end();
}

/**
 * autocannon runs in a process of its own (its CLI), so the load it generates does not compete with the product for
 * the product's event loop: the figures are the product's.
 */
async function run(url, token, title) {
  const cli = require.resolve('autocannon/autocannon.js');
  const args = [
    cli,
    '-c',
    String(CONNECTIONS),
    '-d',
    String(SECONDS),
    '-j',
    '-H',
    `authorization=Bearer ${token}`,
    url,
  ];
  const output = await new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
  const result = JSON.parse(output);
  return {
    query: title,
    requests: result.requests.total,
    non_2xx: result.non2xx,
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
    req_per_s: Math.round(result.requests.average),
  };
}

async function main() {
  const database = await createTestDatabase('pl_bench');
  const bus = new InProcessBus({ requestTimeoutMs: 10_000 });
  // Each part on its own signed view of the bus, as the embedded product composes them.
  const signed = signedBuses(bus, { logger });
  const admin = await startAdminService({ databaseUrl: database.url, bus: signed.admin, logger });
  const ai = await startAiWorker({
    databaseUrl: database.url,
    bus: signed.ai,
    logger,
    provider: {},
    consumeJobs: false,
  });
  const gateway = await createGateway({
    bus: signed.gateway,
    logger,
    jwtSecret: randomBytes(48).toString('hex'),
    sessionIdleMs: 3_600_000,
    maxBodyBytes: 1_048_576,
  });
  const baseUrl = `http://127.0.0.1:${await gateway.listen(0, '127.0.0.1')}`;
  await ensureAdminAccount(signed.admin, { email: 'bench.admin@example.com', password: 'bench-password-1' });
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench.admin@example.com', password: 'bench-password-1' }),
  });
  const { access_token: token } = await login.json();
  await seed(database.url);

  const list = `${baseUrl}/api/admin/user/tr/list`;
  const results = [
    await run(`${list}?search=hopper&page=3`, token, 'search=hopper&page=3 (user name)'),
    await run(
      `${list}?search=noir%2012&sort=ai_response&direction=desc`,
      token,
      'search=noir 12, sort ai_response desc',
    ),
    await run(`${list}?page=2000`, token, 'no search, page 2000'),
  ];
  console.table(results);
  await gateway.close();
  await ai.stop();
  await admin.stop();
  await database.drop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
