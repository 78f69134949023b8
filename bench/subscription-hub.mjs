// The gateway's subscriptions (issue 15): (a) open/close leak, (b) idle subscriptions' memory and a write's CPU,
// (c) live subscribers' delivery latency. Each scenario prints its figures and the ratio against its baseline in
// the same run, three runs each. Run after `npm run build` (or `npx tsc -b`):
//   node --expose-gc bench/subscription-hub.mjs [leak|idle|live ...]
//   env: RUNS 3, LEAK_SUBSCRIPTIONS 2000, IDLE_SUBSCRIPTIONS 10000, PER_SOCKET 100, LIVE_USERS 200, LIVE_PER_USER 50,
//        PROBES 20, DISTINCT (1: every idle subscription a different query text, to see the document cache's share),
//        PROFILE (a file name: the CPU profile of the `live` scenario's full rounds, for Chrome's DevTools)
// The product (admin service, AI worker, gateway; in-process bus; real PostgreSQL) runs in this process; the
// WebSocket clients run in a child process, so the figures of this process are the product's own.
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const WebSocket = require('ws');
const SELF = fileURLToPath(import.meta.url);

if (process.argv[2] === 'client') runClient();
else await runProduct();

// ---------------------------------------------------------------------------------------------------------------
// The client process: sockets by key, each message's delivery latency (receive time − the event's committedAt).

function runClient() {
  const groups = new Map();
  process.on('message', async (command) => {
    if (command.type === 'open') {
      const group = { sockets: [], latencies: [], count: 0 };
      groups.set(command.key, group);
      await Promise.all(
        Array.from({ length: command.sockets }, (_, socketIndex) => openSocket(command, socketIndex, group)),
      );
      process.send({ type: 'opened', key: command.key });
    } else if (command.type === 'close') {
      const group = groups.get(command.key);
      groups.delete(command.key);
      await Promise.all(
        group.sockets.map(
          (socket) =>
            new Promise((resolve) => {
              socket.once('close', resolve);
              socket.close();
            }),
        ),
      );
      process.send({ type: 'closed', key: command.key });
    } else if (command.type === 'stats') {
      const group = groups.get(command.key);
      // Latencies only when read out (reset): polling the count must not ship (and parse) thousands of them.
      const latencies = command.reset ? group.latencies : [];
      process.send({ type: 'stats', key: command.key, count: group.count, latencies });
      if (command.reset) {
        group.latencies = [];
        group.count = 0;
      }
    }
  });
}

/** Resolves once the socket's subscriptions are sent; a socket closed before its ack (a loaded machine) retries. */
function openSocket(command, socketIndex, group) {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${command.wsUrl}/graphql`, 'graphql-transport-ws');
    let acknowledged = false;
    socket.on('error', () => undefined);
    socket.on('close', (code, reason) => {
      if (acknowledged) return;
      console.error(`socket ${socketIndex} closed before its ack (${code} ${reason}): trying again`);
      resolve(openSocket(command, socketIndex, group));
    });
    socket.on('open', () =>
      socket.send(
        JSON.stringify({
          type: 'connection_init',
          payload: { authorization: `Bearer ${command.tokens[socketIndex % command.tokens.length]}` },
        }),
      ),
    );
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'connection_ack') {
        acknowledged = true;
        group.sockets.push(socket);
        for (let index = 0; index < command.perSocket; index++) {
          const alias = command.distinct ? `s${socketIndex}_${index}: ` : '';
          const query = `subscription { ${alias}listUpdated(family: tl) { committedAt } }`;
          socket.send(JSON.stringify({ id: String(index), type: 'subscribe', payload: { query } }));
        }
        resolve();
      } else if (message.type === 'next') {
        const update = Object.values(message.payload.data ?? {})[0];
        if (update) {
          group.count += 1;
          group.latencies.push(Date.now() - update.committedAt);
        }
      } else if (message.type === 'error') {
        console.error('subscription refused:', JSON.stringify(message.payload));
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The product process.

async function runProduct() {
  const { startAdminService } = require('@promptloom/admin');
  const { startAiWorker } = require('@promptloom/ai-worker');
  const { createGateway } = require('@promptloom/gateway');
  const { InProcessBus, createLogger } = require('@promptloom/shared');
  const { createTestDatabase, signedBuses } = require('@promptloom/shared/testing');

  if (!global.gc)
    throw new Error('Run with node --expose-gc (the memory figures are taken after a collection).');
  const env = (name, fallback) => Number(process.env[name] ?? fallback);
  const RUNS = env('RUNS', 3);
  const LEAK_SUBSCRIPTIONS = env('LEAK_SUBSCRIPTIONS', 2000);
  const IDLE_SUBSCRIPTIONS = env('IDLE_SUBSCRIPTIONS', 10000);
  const LIVE_USERS = env('LIVE_USERS', 200);
  const LIVE_PER_USER = env('LIVE_PER_USER', 50);
  const PROBES = env('PROBES', 20);
  const DISTINCT = process.env.DISTINCT === '1';
  const PER_SOCKET = env('PER_SOCKET', 100);
  const scenarios = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['leak', 'idle', 'live'];

  const logger = createLogger('bench', 'silent');
  const database = await createTestDatabase('pl_bench');
  const bus = new InProcessBus({ requestTimeoutMs: 60_000 });
  // Each part on its own signed view of the bus, as the embedded product composes them.
  const signed = signedBuses(bus, { logger });
  const admin = await startAdminService({
    databaseUrl: database.url,
    bus: signed.admin,
    logger,
    signInLimits: { signupsPerIpPerHour: 1_000_000, failuresPerIpPerHour: 1_000_000 },
  });
  const ai = await startAiWorker({ databaseUrl: database.url, bus: signed.ai, logger, provider: {} });
  const gateway = await createGateway({
    bus: signed.gateway,
    logger,
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
    sessionIdleMs: 3_600_000,
    maxBodyBytes: 1_048_576,
    requestLimits: { enabled: false },
    subscriptionLimits: { perSocket: Math.max(PER_SOCKET, LIVE_PER_USER), perUser: 1_000_000 },
    maxSocketMessagesPerSecond: 100_000,
  });
  const port = await gateway.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${port}`;
  const wsUrl = base.replace('http', 'ws');

  const client = fork(SELF, ['client'], { execArgv: [] });
  const replies = new Map();
  client.on('message', (message) => {
    const key = `${message.type}:${message.key}`;
    replies.get(key)?.(message);
    replies.delete(key);
  });
  const ask = (command, replyType) =>
    new Promise((resolve) => {
      replies.set(`${replyType}:${command.key}`, resolve);
      client.send(command);
    });

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
    const password = 'correct horse battery';
    const answer = await json('POST', '/api/signup', {
      first_name: 'Bench',
      last_name: 'User',
      email: `hub${counter}.${Date.now()}@example.com`,
      mobile: '+44 20 7946 0958',
      password,
      password_confirmation: password,
    });
    if (answer.status === 429) {
      // The password hashing pool is busy (a loaded machine): wait as told and try again.
      await new Promise((resolve) => setTimeout(resolve, (answer.body.retry_after ?? 1) * 1000));
      return signUp();
    }
    if (answer.status !== 201) throw new Error(`signup: ${answer.status} ${JSON.stringify(answer.body)}`);
    return { token: answer.body.access_token, userId: answer.body.user.id };
  }
  async function signUpMany(count) {
    const users = [];
    for (let index = 0; index < count; index += 2) {
      users.push(...(await Promise.all(Array.from({ length: Math.min(2, count - index) }, signUp))));
    }
    return users;
  }
  let written = 0;
  async function write(user) {
    written += 1;
    const answer = await json(
      'POST',
      `/api/ai/response/tl/newstore/${user.userId}`,
      { ai_response: [`item ${written}`] },
      user.token,
    );
    if (answer.status >= 300) throw new Error(`write: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  async function metric(name) {
    const text = await (await fetch(`${base}/metrics`)).text();
    return Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)[1]);
  }
  async function until(condition, what, timeoutMs = 300_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const hubHolds = (count) =>
    until(async () => (await metric('graphql_hub_subscriptions')) === count, `${count} open`);
  let keys = 0;
  /** `sockets` sockets (socket i signed in with tokens[i % tokens.length]) of `perSocket` subscriptions each. */
  async function open(tokens, sockets, perSocket) {
    const key = `group${++keys}`;
    const before = await metric('graphql_hub_subscriptions');
    await ask({ type: 'open', key, wsUrl, tokens, sockets, perSocket, distinct: DISTINCT }, 'opened');
    await hubHolds(before + sockets * perSocket);
    return key;
  }
  async function close(key) {
    const before = await metric('graphql_hub_subscriptions');
    await ask({ type: 'close', key }, 'closed');
    return before;
  }
  const stats = (key, reset = true) => ask({ type: 'stats', key, reset }, 'stats');
  function memory() {
    global.gc();
    global.gc();
    const usage = process.memoryUsage();
    return { rss: usage.rss, heap: usage.heapUsed };
  }
  const percentile = (values, fraction) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
  };
  const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
  const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
  const ms = (value) => `${value.toFixed(1)} ms`;
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');

  /** `count` writes of `user`, one at a time, each waited for at the user's subscription `key`. */
  async function probeLatency(user, key, count) {
    await stats(key);
    for (let index = 0; index < count; index++) {
      await write(user);
      await until(async () => (await stats(key, false)).count === index + 1, 'the probe delivery', 60_000);
    }
    const { latencies } = await stats(key);
    return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
  }

  /** The CPU this process spends per probe write, the write's delivery to one subscriber included. */
  async function probeCpu(user, key, count) {
    await stats(key);
    const started = process.cpuUsage();
    for (let index = 0; index < count; index++) {
      await write(user);
      await until(async () => (await stats(key, false)).count === index + 1, 'the probe delivery', 60_000);
    }
    const used = process.cpuUsage(started);
    await stats(key);
    return (used.user + used.system) / 1000 / count;
  }

  /** A CPU profile of this process, recorded only while resumed (a paused one keeps what it has). */
  async function startProfiler() {
    const session = new inspector.Session();
    session.connect();
    const post = (method, params) =>
      new Promise((resolve, reject) =>
        session.post(method, params, (error, answer) => (error ? reject(error) : resolve(answer))),
      );
    await post('Profiler.enable');
    const nodes = new Map();
    const samples = [];
    const timeDeltas = [];
    let first = null;
    let last = null;
    let running = false;
    return {
      async resume() {
        await post('Profiler.start');
        running = true;
      },
      async pause() {
        if (!running) return;
        running = false;
        const { profile } = await post('Profiler.stop');
        // Node ids are per recording: re-key them by call path so the recordings merge into one profile.
        const byId = new Map(profile.nodes.map((node) => [node.id, node]));
        const keyOf = new Map();
        const parentOf = new Map();
        for (const node of profile.nodes)
          for (const child of node.children ?? []) parentOf.set(child, node.id);
        const key = (id) => {
          if (keyOf.has(id)) return keyOf.get(id);
          const frame = byId.get(id).callFrame;
          const parent = parentOf.has(id) ? key(parentOf.get(id)) : '';
          const own = `${parent}>${frame.functionName}@${frame.url}:${frame.lineNumber}:${frame.columnNumber}`;
          keyOf.set(id, own);
          if (!nodes.has(own)) {
            const merged = { id: nodes.size + 1, callFrame: frame, children: [] };
            nodes.set(own, merged);
            if (parent) nodes.get(parent).children.push(merged.id);
          }
          return own;
        };
        for (const node of profile.nodes) key(node.id);
        samples.push(...profile.samples.map((id) => nodes.get(keyOf.get(id)).id));
        timeDeltas.push(...profile.timeDeltas);
        first ??= profile.startTime;
        last = (last ?? first) + (profile.endTime - profile.startTime);
      },
      async stop() {
        await this.pause();
        session.disconnect();
        return { nodes: [...nodes.values()], startTime: first, endTime: last, samples, timeDeltas };
      },
    };
  }

  console.log(`load average before: ${load()}`);
  const probe = await signUp();
  const probeKey = await open([probe.token], 1, 1);

  if (scenarios.includes('leak')) {
    const attacker = await signUp();
    for (let run = 1; run <= RUNS; run++) {
      const before = memory();
      const idle = await probeLatency(probe, probeKey, PROBES);
      const key = await open([attacker.token], LEAK_SUBSCRIPTIONS / PER_SOCKET, PER_SOCKET);
      const opened = memory();
      const busy = await probeLatency(probe, probeKey, PROBES);
      const openCount = await close(key);
      await hubHolds(openCount - LEAK_SUBSCRIPTIONS);
      const closed = memory();
      const after = await probeLatency(probe, probeKey, PROBES);
      console.log(
        `leak run ${run} (load ${load()}): RSS ${mb(before.rss)} → ${mb(opened.rss)} with ${LEAK_SUBSCRIPTIONS} open → ${mb(closed.rss)} closed` +
          ` (heap ${mb(before.heap)} → ${mb(opened.heap)} → ${mb(closed.heap)}, closed/before ×${(closed.heap / before.heap).toFixed(2)});` +
          ` hub subscriptions after close ${await metric('graphql_hub_subscriptions')}, index keys ${await metric('graphql_hub_index_keys')};` +
          ` other user's delivery p50/p99 ${ms(idle.p50)}/${ms(idle.p99)} → ${ms(busy.p50)}/${ms(busy.p99)} → ${ms(after.p50)}/${ms(after.p99)}` +
          ` (closed/before p50 ×${(after.p50 / idle.p50).toFixed(2)})`,
      );
    }
  }

  if (scenarios.includes('idle')) {
    const owners = await signUpMany(Math.max(1, Math.ceil(IDLE_SUBSCRIPTIONS / 1000)));
    for (let run = 1; run <= RUNS; run++) {
      const cpuBefore = await probeCpu(probe, probeKey, PROBES);
      const before = memory();
      const key = await open(
        owners.map((owner) => owner.token),
        IDLE_SUBSCRIPTIONS / PER_SOCKET,
        PER_SOCKET,
      );
      const opened = memory();
      const cpuOpen = await probeCpu(probe, probeKey, PROBES);
      await hubHolds((await close(key)) - IDLE_SUBSCRIPTIONS);
      console.log(
        `idle run ${run} (load ${load()}${DISTINCT ? ', every query text distinct' : ''}): ${IDLE_SUBSCRIPTIONS} idle subscriptions over ${Math.ceil(IDLE_SUBSCRIPTIONS / PER_SOCKET)} sockets:` +
          ` RSS ${kb((opened.rss - before.rss) / IDLE_SUBSCRIPTIONS)} each, heap ${kb((opened.heap - before.heap) / IDLE_SUBSCRIPTIONS)} each;` +
          ` probe write CPU ${ms(cpuBefore)} with none open → ${ms(cpuOpen)} (×${(cpuOpen / cpuBefore).toFixed(2)})`,
      );
    }
  }

  if (scenarios.includes('live')) {
    const users = await signUpMany(LIVE_USERS);
    const profiler = process.env.PROFILE ? await startProfiler() : null;
    let published = 0;
    /** The event a write of `user` publishes (through the outbox), put on the bus directly: no HTTP, no database. */
    async function publishChange(user) {
      published += 1;
      const payload = {
        userId: user.userId,
        family: 'tl',
        version: 1_000_000 + published,
        added: [],
        changed: [],
        removed: [],
        jobId: null,
        committedAt: Date.now(),
      };
      await bus.publish('evt.ai.list.updated', payload, { id: `bench-delivery-${published}-${Date.now()}` });
    }
    /** Each user's socket holds `perUser` subscriptions; one change per user (4 in flight), counted at the client. */
    async function liveRound(perUser, change = write) {
      // One socket per user, holding `perUser` subscriptions.
      const keysOfRound = [
        await open(
          users.map((user) => user.token),
          users.length,
          perUser,
        ),
      ];
      for (const key of keysOfRound) await stats(key);
      if (perUser > 1) await profiler?.resume();
      const cpuStarted = process.cpuUsage();
      let next = 0;
      const inFlight = 4;
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < users.length) await change(users[next++]);
        }),
      );
      const expected = users.length * perUser;
      const counted = async () => {
        let total = 0;
        for (const key of keysOfRound) total += (await stats(key, false)).count;
        return total;
      };
      let last = -1;
      let stalled = 0;
      for (;;) {
        const total = await counted();
        if (total >= expected) break;
        stalled = total === last ? stalled + 1 : 0;
        last = total;
        if (stalled > 100) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const cpu = process.cpuUsage(cpuStarted);
      if (perUser > 1) await profiler?.pause();
      const latencies = [];
      for (const key of keysOfRound) latencies.push(...(await stats(key)).latencies);
      for (const key of keysOfRound) await close(key);
      await hubHolds(1);
      return {
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        lost: expected - latencies.length,
        expected,
        cpuMs: (cpu.user + cpu.system) / 1000,
        systemMs: cpu.system / 1000,
      };
    }
    // A warm-up of both rounds first (not counted): the first run's figures would otherwise include the JIT's work.
    await liveRound(1);
    await liveRound(LIVE_PER_USER);
    for (let run = 1; run <= RUNS; run++) {
      const baseline = await liveRound(1);
      const full = await liveRound(LIVE_PER_USER);
      // This process's CPU (the writes' whole path and their deliveries) per delivery in each round; the marginal
      // figure is what each delivery past the baseline's adds, whatever the machine's load.
      const perDelivery = (round) => `${((round.cpuMs / round.expected) * 1000).toFixed(0)} µs`;
      const marginal = ((full.cpuMs - baseline.cpuMs) / (full.expected - baseline.expected)) * 1000;
      console.log(
        `live run ${run} (load ${load()}): ${users.length} writes, 4 in flight; ${users.length} subscribers p50/p99 ${ms(baseline.p50)}/${ms(baseline.p99)} (lost ${baseline.lost})` +
          ` → ${users.length * LIVE_PER_USER} subscribers p50/p99 ${ms(full.p50)}/${ms(full.p99)} (lost ${full.lost} of ${full.expected}; p99 ×${(full.p99 / baseline.p99).toFixed(2)});` +
          ` gateway CPU ${baseline.cpuMs.toFixed(0)} → ${full.cpuMs.toFixed(0)} ms, per delivery ${perDelivery(baseline)} → ${perDelivery(full)},` +
          ` each delivery past the baseline's ${marginal.toFixed(0)} µs`,
      );
    }
    // The deliveries' own CPU, without the writes' (HTTP, worker, PostgreSQL), whose cost varies run to run by more
    // than all the deliveries together: the same rounds with each user's change published on the bus directly.
    for (let run = 1; run <= RUNS; run++) {
      const baseline = await liveRound(1, publishChange);
      const full = await liveRound(LIVE_PER_USER, publishChange);
      const marginal = ((full.cpuMs - baseline.cpuMs) / (full.expected - baseline.expected)) * 1000;
      console.log(
        `delivery-only run ${run} (load ${load()}): ${users.length} events published on the bus; ${users.length} subscribers p50/p99 ${ms(baseline.p50)}/${ms(baseline.p99)}` +
          ` → ${users.length * LIVE_PER_USER} p50/p99 ${ms(full.p50)}/${ms(full.p99)} (lost ${full.lost});` +
          ` gateway CPU ${baseline.cpuMs.toFixed(0)} → ${full.cpuMs.toFixed(0)} ms (system ${baseline.systemMs.toFixed(0)} → ${full.systemMs.toFixed(0)} ms),` +
          ` each delivery past the baseline's ${marginal.toFixed(1)} µs`,
      );
    }
    if (profiler) writeFileSync(process.env.PROFILE, JSON.stringify(await profiler.stop()));
  }

  console.log(`load average after: ${load()}`);
  await close(probeKey);
  client.kill();
  await gateway.close();
  await ai.stop();
  await admin.stop();
  await bus.close();
  await database.drop();
  process.exit(0);
}
