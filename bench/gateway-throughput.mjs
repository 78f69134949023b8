// Requests per second of the product's signed-in `me`, REST `GET /api/me` and GraphQL `{ me { id name email } }`,
// as a ratio of the same stack's own ceiling measured in the same run: Express 5 returning the same JSON, and Apollo
// Server 5 on Express 5 with a trivial resolver. Then again with 1% bad requests (an expired token, a tampered token,
// a malformed query), each of which must still get its error. Run after `npm run build`:
//   node bench/gateway-throughput.mjs   (env: CONNECTIONS 20, SECONDS 5, ROUNDS 3, WARMUP_SECONDS 2)
// A baseline and its product target run in turns (ROUNDS times each, SECONDS each), so that a noisy neighbour on
// the machine weighs on both alike; each figure is the median of its rounds.
import { randomBytes } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { createInterface } from 'node:readline';
import net from 'node:net';
import os from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { startAdminService } = require('@promptloom/admin');
const { createGateway, TokenService } = require('@promptloom/gateway');
const { GeneratedBusKeys, InProcessBus, NatsBus, SignedBus, createLogger } = require('@promptloom/shared');
const { createTestDatabase } = require('@promptloom/shared/testing');

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 2);
const LOAD = fileURLToPath(new URL('./support/load.mjs', import.meta.url));
const BASELINES = fileURLToPath(new URL('./support/baselines.mjs', import.meta.url));
// `process` (default): the admin service runs as its own process (services/admin/dist/main.js) and the gateway reaches
// it over NATS, as deployed, so the measured process is the gateway alone. `in-process`: both share this process on
// the in-process bus (the shape of `npm start` without NATS_URL), their ORM and collector then weighing on the figures.
const ADMIN = process.env.ADMIN ?? 'process';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const VARIANTS = (process.env.VARIANTS ?? 'all good,1% bad').split(',');
const ADMIN_MAIN = fileURLToPath(new URL('../services/admin/dist/main.js', import.meta.url));
const ME_QUERY = '{ me { id name email } }';
const JSON_HEADERS = { 'content-type': 'application/json' };

function load(plan) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [LOAD, JSON.stringify(plan)],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))),
    );
  });
}

/** The baselines' process (support/baselines.mjs): its URLs, and a way to read its CPU time. */
async function startBaselines(meBody) {
  const child = spawn(process.execPath, [BASELINES, JSON.stringify(meBody)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = await once(createInterface({ input: child.stdout }), 'line');
  const urls = JSON.parse(line);
  return {
    ...urls,
    cpuMicros: async () => Number(await (await fetch(urls.cpu)).text()),
    stop: () => child.stdin.end(),
  };
}

const restMe = (token) => ({ method: 'GET', path: '/api/me', headers: { authorization: `Bearer ${token}` } });
const graphqlMe = (token, query = ME_QUERY) => ({
  method: 'POST',
  path: '/graphql',
  headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
  body: JSON.stringify({ query }),
});

/**
 * Requests in the order each connection sends them: one bad, then 99 good. Every connection starts at the first, so
 * round `r` starts with the bad request `r` (mod their number): over the rounds, each kind is sent.
 */
const withOnePercentBad = (good, bad) => (round) =>
  Array.from({ length: 100 }, (_, index) => (index === 0 ? bad[round % bad.length] : good));

const ownCpuMicros = async () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

/**
 * One run against a server; besides autocannon's figures, the CPU time the server's process spent per request
 * (`cpuMicros` reads it): on a shared machine, where req/s depends on what else runs, the steadier measure of cost.
 */
async function measure({ url, requests, cpuMicros }) {
  if (WARMUP_SECONDS > 0) await load({ url, connections: CONNECTIONS, seconds: WARMUP_SECONDS, requests });
  const cpuBefore = await cpuMicros();
  const result = await load({ url, connections: CONNECTIONS, seconds: SECONDS, requests });
  return { ...result, cpuMicrosPerRequest: ((await cpuMicros()) - cpuBefore) / result.requests };
}

/** A free TCP port on the loopback, for the admin process's health server. */
async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The admin service in a process of its own on NATS (namespace `namespace`), once its /readyz answers 200. */
async function startAdminProcess(databaseUrl, namespace, busKeysEnv) {
  const port = await freePort();
  const child = spawn(process.execPath, [ADMIN_MAIN], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NATS_URL,
      BUS_NAMESPACE: namespace,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: `ops-${namespace}@example.com`,
      ADMIN_PASSWORD: 'bench-ops-password-1',
      ...busKeysEnv,
    },
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the admin process exited (${child.exitCode})`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the admin process was not ready after 90 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

/** Removes the JetStream streams the bench's namespace created, so the shared NATS server does not fill up. */
async function deleteNamespaceStreams(namespace) {
  const { connect } = require('nats');
  const connection = await connect({ servers: NATS_URL });
  try {
    const manager = await connection.jetstreamManager();
    for await (const stream of manager.streams.list())
      if (stream.config.name.toLowerCase().includes(namespace.toLowerCase()))
        await manager.streams.delete(stream.config.name);
  } finally {
    await connection.close();
  }
}

/**
 * `SEQUENTIAL=<batches>`: the product's cost without autocannon — requests one after the other over one keep-alive
 * socket from this process (the gateway's own), in batches of 1,000 timed by this process's CPU time; prints the
 * cheapest batch's µs per request (client and server together). On a busy machine the cheapest batch is the one least
 * disturbed (caches, preemption), so this compares two builds of the gateway more steadily than req/s or CPU time
 * under load do; it is not a ratio to the baselines. `COMPARE=<a gateway build's index.js>` starts that build too and
 * runs its batches in turn with this one's, so that both meet the same neighbours.
 */
async function sequentialClient(url, request) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await once(socket, 'connect');
  socket.setNoDelay(true);
  const body = request.body ?? '';
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    `host: ${hostname}`,
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    ...(body ? [`content-length: ${Buffer.byteLength(body)}`] : []),
    '',
    '',
  ].join('\r\n');
  const wire = Buffer.from(head + body);
  let pending = Buffer.alloc(0);
  let answered = null;
  socket.on('data', (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    const end = pending.indexOf('\r\n\r\n');
    if (end < 0) return;
    const length = Number(
      /content-length: *(\d+)/i.exec(pending.subarray(0, end).toString('latin1'))?.[1] ?? 0,
    );
    if (pending.length < end + 4 + length) return;
    const status = Number(pending.subarray(9, 12).toString('latin1'));
    pending = pending.subarray(end + 4 + length);
    answered(status);
  });
  const one = () =>
    new Promise((resolve) => {
      answered = resolve;
      socket.write(wire);
    });
  return {
    /** 1,000 requests; their CPU µs per request. */
    async batch() {
      const started = process.cpuUsage();
      for (let index = 0; index < 1000; index++) {
        const status = await one();
        if (status !== 200) throw new Error(`sequential: status ${status}`);
      }
      const spent = process.cpuUsage(started);
      return (spent.user + spent.system) / 1000;
    },
    close: () => socket.destroy(),
  };
}

/** Each target's cheapest batch of `batches`, the targets' batches in turn. */
async function sequential(targets, batches) {
  const clients = await Promise.all(targets.map(({ url, request }) => sequentialClient(url, request)));
  for (const client of clients) await client.batch();
  const cheapest = clients.map(() => Infinity);
  for (let turn = 0; turn < batches; turn++)
    for (const [index, client] of clients.entries())
      cheapest[index] = Math.min(cheapest[index], await client.batch());
  for (const client of clients) client.close();
  return cheapest;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The rounds' median req/s and p50/p99, the errors and bad answers summed. */
function combine(results) {
  return {
    reqPerSec: median(results.map((result) => result.reqPerSec)),
    p50: median(results.map((result) => result.p50)),
    p99: median(results.map((result) => result.p99)),
    cpuMicrosPerRequest: median(results.map((result) => result.cpuMicrosPerRequest)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    bad: {
      expected: results.reduce((sum, result) => sum + result.bad.expected, 0),
      answered: results.reduce((sum, result) => sum + result.bad.answered, 0),
    },
  };
}

/** A run's requests may depend on the round (see withOnePercentBad). */
const inRound = (run, round) =>
  typeof run.requests === 'function' ? { ...run, requests: run.requests(round) } : run;

/** A baseline and a target in turns, ROUNDS times. */
async function pair(baseline, target) {
  const baselineResults = [];
  const targetResults = [];
  for (let round = 0; round < ROUNDS; round++) {
    baselineResults.push(await measure(inRound(baseline, round)));
    targetResults.push(await measure(inRound(target, round)));
  }
  return [combine(baselineResults), combine(targetResults)];
}

function row(name, result, baseline) {
  return {
    target: name,
    'req/s': Math.round(result.reqPerSec),
    'p50 ms': result.p50,
    'p99 ms': result.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    'bad answered': result.bad.expected ? `${result.bad.answered}/${result.bad.expected}` : '',
    'CPU µs/req': Math.round(result.cpuMicrosPerRequest),
    'ratio req/s': baseline ? (result.reqPerSec / baseline.reqPerSec).toFixed(2) : '',
    // The throughput ratio the CPU cost allows once the server has a core of its own.
    'ratio by CPU': baseline ? (baseline.cpuMicrosPerRequest / result.cpuMicrosPerRequest).toFixed(2) : '',
  };
}

async function main() {
  const logger = createLogger('bench', 'silent');
  const secret = randomBytes(48).toString('hex');
  const database = await createTestDatabase('pl_bench');
  const namespace = `bench${randomBytes(4).toString('hex')}`;
  // Each part signs its bus requests as the product does (README "Security: signed actors on the bus").
  const busKeys = new GeneratedBusKeys();
  let bus;
  let admin;
  if (ADMIN === 'in-process') {
    const inProcess = new InProcessBus({ requestTimeoutMs: 10_000 });
    bus = new SignedBus(inProcess, { keys: busKeys.for('gateway') });
    const adminBus = new SignedBus(inProcess, { keys: busKeys.for('admin') });
    admin = await startAdminService({ databaseUrl: database.url, bus: adminBus, logger });
  } else {
    admin = await startAdminProcess(database.url, namespace, busKeys.environmentFor('admin'));
    const nats = await NatsBus.connect({
      servers: NATS_URL,
      namespace,
      name: 'gateway',
      requestTimeoutMs: 15_000,
    });
    bus = new SignedBus(nats, { keys: busKeys.for('gateway') });
  }
  const gatewayOptions = {
    bus,
    logger,
    jwtSecret: secret,
    sessionIdleMs: 3_600_000,
    maxBodyBytes: 1_048_576,
    production: true,
    // The product's default is 600 a minute per user (README "Limits"); a benchmark of one user needs more.
    requestLimits: { perMinute: 1_000_000_000 },
  };
  const gateway = await createGateway(gatewayOptions);
  const product = `http://127.0.0.1:${await gateway.listen(0, '127.0.0.1')}`;
  const signup = await fetch(`${product}/api/signup`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: 'User',
      email: `bench.${Date.now()}@example.com`,
      mobile: '+44 20 7946 0958',
      password: 'bench-password-1',
      password_confirmation: 'bench-password-1',
    }),
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const { access_token: token, user } = await signup.json();
  const meBody = await (
    await fetch(`${product}/api/me`, { headers: { authorization: `Bearer ${token}` } })
  ).json();

  const actor = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
  const expired = new TokenService(secret, -60_000).issue({
    userId: user.id,
    role: actor.role,
    sessionId: actor.sid,
    sessionVersion: actor.sv,
  }).token;
  const [header, payload, signature] = token.split('.');
  const tampered = [
    header,
    payload,
    `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
  ].join('.');
  const restBad = [
    { ...restMe(expired), expect: { status: 401, text: 'Your session has expired' } },
    { ...restMe(tampered), expect: { status: 401, text: 'Your session is not valid' } },
  ];
  const graphqlBad = [
    // GraphQL answers 200 with the error in `errors` (extensions.code UNAUTHENTICATED).
    { ...graphqlMe(expired), expect: { status: 200, text: 'Your session has expired' } },
    { ...graphqlMe(tampered), expect: { status: 200, text: 'Your session is not valid' } },
    { ...graphqlMe(token, '{ me { id name email }'), expect: { status: 400, text: 'Syntax Error' } },
  ];

  const baselines = await startBaselines(meBody);
  const withoutExpect = (requests) => requests.map(({ expect: _expect, ...request }) => request);
  const plainRest = (requests) =>
    typeof requests === 'function' ? (round) => withoutExpect(requests(round)) : withoutExpect(requests);

  // `PROFILE=rest|graphql`: only that product run, its CPU profile (after the warm-up) written to
  // gateway-<target>.cpuprofile (open it in Chrome's DevTools).
  if (process.env.SEQUENTIAL) {
    const batches = Number(process.env.SEQUENTIAL);
    const builds = [['this build', product]];
    if (process.env.COMPARE) {
      const other = await require(process.env.COMPARE).createGateway(gatewayOptions);
      builds.push([process.env.COMPARE, `http://127.0.0.1:${await other.listen(0, '127.0.0.1')}`]);
    }
    for (const [name, request] of [
      ['REST me', restMe(token)],
      ['GraphQL me', graphqlMe(token)],
    ]) {
      const figures = await sequential(
        builds.map(([, url]) => ({ url, request })),
        batches,
      );
      console.log(
        `sequential ${name} (admin ${ADMIN}, load ${os.loadavg()[0].toFixed(2)}), CPU µs per request, cheapest of ${batches} × 1,000: ${builds
          .map(([build], index) => `${build} ${figures[index].toFixed(1)}`)
          .join(', ')}`,
      );
    }
  } else if (process.env.PROFILE) {
    const requests = process.env.PROFILE === 'rest' ? [restMe(token)] : [graphqlMe(token)];
    await load({ url: product, connections: CONNECTIONS, seconds: WARMUP_SECONDS, requests });
    const session = new inspector.Session();
    session.connect();
    const post = (method) =>
      new Promise((resolve, reject) =>
        session.post(method, (error, answer) => (error ? reject(error) : resolve(answer))),
      );
    await post('Profiler.enable');
    await post('Profiler.start');
    console.log(await measure({ url: product, requests, cpuMicros: ownCpuMicros }));
    const { profile } = await post('Profiler.stop');
    writeFileSync(`gateway-${process.env.PROFILE}.cpuprofile`, JSON.stringify(profile));
  } else
    for (const [variant, restRequests, graphqlRequests] of [
      ['all good', [restMe(token)], [graphqlMe(token)]],
      ['1% bad', withOnePercentBad(restMe(token), restBad), withOnePercentBad(graphqlMe(token), graphqlBad)],
    ].filter(([name]) => VARIANTS.includes(name))) {
      const [expressResult, productRest] = await pair(
        { url: baselines.express, requests: plainRest(restRequests), cpuMicros: baselines.cpuMicros },
        { url: product, requests: restRequests, cpuMicros: ownCpuMicros },
      );
      const [apolloResult, productGraphql] = await pair(
        { url: baselines.apollo, requests: plainRest(graphqlRequests), cpuMicros: baselines.cpuMicros },
        { url: product, requests: graphqlRequests, cpuMicros: ownCpuMicros },
      );
      console.log(
        `\n${variant} (admin ${ADMIN}, ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s each, load average ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')})`,
      );
      console.table([
        row('Express 5, same JSON (baseline)', expressResult),
        row('product REST GET /api/me', productRest, expressResult),
        row('Apollo on Express, trivial me (baseline)', apolloResult),
        row('product GraphQL { me { id name email } }', productGraphql, apolloResult),
      ]);
    }

  baselines.stop();
  await gateway.close();
  if (ADMIN !== 'in-process') await bus.close();
  await admin.stop();
  if (ADMIN !== 'in-process') await deleteNamespaceStreams(namespace);
  await database.drop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
