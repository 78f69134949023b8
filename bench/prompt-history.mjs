// p50/p99 of reading one user's prompt history (issue #19) through the gateway over real HTTP: 10,000 versions of
// the user among 100,000 of 100 other users; the first page, every page by cursor down to the last, searches, an
// origin filter, and saves with the user at the cap (each save removes the oldest). One client, one request at a
// time: the figures are each request's own time. Run after `npm run build`:
//   node bench/prompt-history.mjs   (env: VERSIONS 10000, OTHER_USERS 100, REPEATS 200)
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { startAdminService } = require('@promptloom/admin');
const { startSignatureService } = require('@promptloom/signature-stream');
const { createGateway } = require('@promptloom/gateway');
const { DiskObjectStore, InProcessBus, createLogger } = require('@promptloom/shared');
const { createTestDatabase, signedBuses } = require('@promptloom/shared/testing');
const pg = require('pg');

const VERSIONS = Number(process.env.VERSIONS ?? 10_000);
const OTHER_USERS = Number(process.env.OTHER_USERS ?? 100);
const REPEATS = Number(process.env.REPEATS ?? 200);
const logger = createLogger('bench', 'silent');

const SNAPSHOT = JSON.stringify({
  selection: {
    types: ['Photography'],
    proItems: ['Architect'],
    elements: [{ name: 'Light', subElements: ['Beam'] }],
    signature: ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'],
  },
  toggles: { hyperRealistic: false, eightK: true, fourK: false },
  target: 'midjourney-6',
});

/** Versions straight into the table: the user's VERSIONS, and ten times as many of the other users, interleaved. */
async function seed(url, userId) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `insert into signature.prompt_versions (user_id, origin, prompt, snapshot, created_at)
     select case when g % 11 = 0 then $1 else 100000 + g % $3 end,
            (array['assembled','edited','refined','copied','uploaded'])[1 + g % 5],
            (array['Portrait','Landscape','Harbour','Noir','Aerial','Studio'])[1 + g % 6]
              || ' photograph number ' || g || ', soft light over quiet water, cinematic --ar 16:9 --v 6 --q 2',
            $2::jsonb, now() - make_interval(secs => $4 - g)
     from generate_series(1, $4) g`,
    [userId, SNAPSHOT, OTHER_USERS, VERSIONS * 11],
  );
  await client.query('vacuum analyze signature.prompt_versions');
  const [{ count }] = (
    await client.query('select count(*)::int as count from signature.prompt_versions where user_id = $1', [
      userId,
    ])
  ).rows;
  await client.end();
  return count;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function summary(name, times, extra = {}) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    query: name,
    requests: sorted.length,
    p50_ms: Number(percentile(sorted, 50).toFixed(1)),
    p99_ms: Number(percentile(sorted, 99).toFixed(1)),
    max_ms: Number(sorted[sorted.length - 1].toFixed(1)),
    ...extra,
  };
}

async function main() {
  const database = await createTestDatabase('pl_bench');
  const objects = await mkdtemp(path.join(tmpdir(), 'promptloom-bench-objects-'));
  const bus = new InProcessBus({ requestTimeoutMs: 10_000 });
  // Each part on its own signed view of the bus, as the embedded product composes them.
  const signed = signedBuses(bus, { logger });
  const admin = await startAdminService({
    databaseUrl: database.url,
    bus: signed.admin,
    logger,
    signInLimits: { signupsPerIpPerHour: 100_000 },
  });
  const signature = await startSignatureService({
    databaseUrl: database.url,
    bus: signed.signature,
    logger,
    objectStore: new DiskObjectStore(objects),
  });
  const gateway = await createGateway({
    bus: signed.gateway,
    logger,
    jwtSecret: randomBytes(48).toString('hex'),
    sessionIdleMs: 3_600_000,
    maxBodyBytes: 1_048_576,
    // One client walking 10,000 versions is past the per-minute request limit: the figures are the reads'.
    requestLimits: { enabled: false },
  });
  const base = `http://127.0.0.1:${await gateway.listen(0, '127.0.0.1')}`;
  const signup = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: 'User',
      email: `bench-${Date.now()}@example.com`,
      mobile: '+44 20 7946 0958',
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
    }),
  });
  const { access_token: token, user } = await signup.json();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const mine = await seed(database.url, user.id);

  async function timed(method, pathAndQuery, body) {
    const started = performance.now();
    const response = await fetch(`${base}${pathAndQuery}`, {
      method,
      headers,
      body: body && JSON.stringify(body),
    });
    const answer = await response.json();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status} ${JSON.stringify(answer)}`);
    return { ms, answer };
  }

  async function repeat(pathAndQuery) {
    const times = [];
    for (let i = 0; i < REPEATS; i += 1) times.push((await timed('GET', pathAndQuery)).ms);
    return times;
  }

  // Warm-up: the first requests pay for connections and plans.
  await repeat('/api/stream/history?first=30');

  const results = [summary('first page (30)', await repeat('/api/stream/history?first=30'))];

  const walk = [];
  let cursor = null;
  let pages = 0;
  do {
    const { ms, answer } = await timed(
      'GET',
      `/api/stream/history?first=30${cursor ? `&after=${cursor}` : ''}`,
    );
    walk.push(ms);
    cursor = answer.nextCursor;
    pages += 1;
  } while (cursor);
  const deep = walk.slice(-Math.floor(walk.length / 2));
  results.push(summary(`every page by cursor (${pages} pages)`, walk));
  results.push(summary('the deepest half of those pages', deep));
  const deepCursor = await timed('GET', `/api/stream/history?first=100`).then(async () => {
    let after = null;
    for (let i = 0; i < Math.floor(mine / 100) - 1; i += 1) {
      const page = await timed('GET', `/api/stream/history?first=100${after ? `&after=${after}` : ''}`);
      after = page.answer.nextCursor;
    }
    return after;
  });
  results.push(
    summary(
      'last page of 100 (cursor near the oldest)',
      await repeat(`/api/stream/history?first=100&after=${deepCursor}`),
    ),
  );
  results.push(
    summary('search "harbour" (1 in 6 match)', await repeat('/api/stream/history?search=harbour')),
  );
  results.push(
    summary(
      'search "number 50501" (rare: trigram index)',
      await repeat('/api/stream/history?search=number%2050501'),
    ),
  );
  results.push(summary('origin=refined', await repeat('/api/stream/history?origin=refined')));
  results.push(
    summary(
      'origin=refined & search "noir", deep',
      await repeat(`/api/stream/history?origin=refined&search=noir&after=${deepCursor}`),
    ),
  );

  const saves = [];
  for (let i = 0; i < REPEATS; i += 1) {
    const { ms } = await timed('POST', '/api/stream/history', {
      prompt: `A saved prompt ${i}`,
      origin: 'edited',
      snapshot: JSON.parse(SNAPSHOT),
    });
    saves.push(ms);
  }
  results.push(summary('save at the cap (removes the oldest)', saves));

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const kept = (
    await client.query('select count(*)::int as count from signature.prompt_versions where user_id = $1', [
      user.id,
    ])
  ).rows[0].count;
  await client.end();

  console.log(`user's versions: ${mine} seeded, ${kept} kept after ${REPEATS} saves (cap 10,000)`);
  console.table(results);
  console.log(
    `load average (1, 5, 15 min): ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`,
  );

  await gateway.close();
  await signature.stop();
  await admin.stop();
  await database.drop();
  await rm(objects, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
