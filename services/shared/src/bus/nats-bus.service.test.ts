import net from 'node:net';
import { DomainError } from '@promptloom/proto';
import { connect } from 'nats';
import { type Bus, type BusEvent, type Job } from './bus';
import { waitFor } from '../testing/wait-for';
import { describeBusContract, uniqueToken, type BusWorld } from './bus-contract';
import { NatsBus } from './nats-bus';
import { NatsNames, natsStreamNames } from './nats-names';

const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/** Deletes the streams (and with them the consumers) a namespace left on the server. */
async function deleteNamespaceStreams(namespace: string): Promise<void> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const jsm = await nc.jetstreamManager();
    const { events, jobs, dead } = natsStreamNames(namespace);
    for (const stream of [events, jobs, dead]) await jsm.streams.delete(stream).catch(() => false);
  } finally {
    await nc.close();
  }
}

/** One namespace per world: the buses of a test meet on the real server, tests never do. */
async function createNatsWorld(): Promise<BusWorld & { namespace: string }> {
  const namespace = uniqueToken();
  const buses: Bus[] = [];
  return {
    namespace,
    connect: async (options) => {
      const bus = await NatsBus.connect({ servers: TEST_NATS_URL, namespace, ...options });
      buses.push(bus);
      return bus;
    },
    dispose: async () => {
      await Promise.all(buses.map((bus) => bus.close()));
      await deleteNamespaceStreams(namespace);
    },
  };
}

/** A TCP relay to the NATS server whose connections can be cut, to see the client reconnect. */
async function startRelay(
  target: string,
): Promise<{ url: string; cut: () => void; close: () => Promise<void> }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(port || 4222), hostname);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port: relayPort } = relay.address() as net.AddressInfo;
  const cut = (): void => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: `nats://127.0.0.1:${relayPort}`,
    cut,
    close: async () => {
      cut();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}

describeBusContract('NatsBus', createNatsWorld);

describe('NatsBus on a real server', () => {
  let world: BusWorld & { namespace: string };

  beforeEach(async () => {
    world = await createNatsWorld();
  });

  afterEach(async () => {
    await world.dispose();
  });

  it('keeps serving, following events and taking jobs after its connection drops', async () => {
    const relay = await startRelay(TEST_NATS_URL);
    const flaky = await NatsBus.connect({ servers: relay.url, namespace: world.namespace });
    try {
      const steady = await world.connect();
      const followed: string[] = [];
      const durable: string[] = [];
      const jobs: string[] = [];
      await flaky.serve('svc.relay.ping', 'svc.relay', async () => 'pong');
      await flaky.subscribe('evt.relay.>', async (event) => void followed.push(event.id));
      await flaky.subscribe('evt.relay.>', async (event) => void durable.push(event.id), {
        durable: 'relay',
      });
      await flaky.consume('relay.work', async (job) => void jobs.push(job.id), { ackWaitMs: 1_000 });

      relay.cut();
      await waitFor(() => !flaky.isConnected(), 'the disconnect');
      await waitFor(() => flaky.isConnected(), 'the reconnect', 10_000);

      await steady.publish('evt.relay.after', 'after', { id: 'after' });
      await steady.enqueue('relay.work', 'after', { id: 'job-after' });
      await waitFor(
        () => followed.includes('after') && durable.includes('after') && jobs.includes('job-after'),
        'the event and the job published after the reconnect',
        10_000,
      );
      await expect(steady.request('svc.relay.ping', {})).resolves.toBe('pong');
    } finally {
      await flaky.close();
      await relay.close();
    }
  });

  it('keeps namespaces apart on one server', async () => {
    const other = await createNatsWorld();
    try {
      const here = await world.connect();
      const there = await other.connect();
      await here.serve('svc.iso.ping', 'svc.iso', async () => 'here');
      const seen: BusEvent[] = [];
      await here.subscribe('evt.iso.>', async (event) => void seen.push(event));

      const error = await there
        .request('svc.iso.ping', {}, { timeoutMs: 2_000 })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('SERVICE_UNAVAILABLE');

      await there.publish('evt.iso.changed', 'there', { id: 'same-id' });
      await here.publish('evt.iso.changed', 'here', { id: 'same-id' });
      await waitFor(() => seen.length > 0, 'the event of this namespace');
      expect(seen.map((event) => [event.subject, event.payload])).toEqual([['evt.iso.changed', 'here']]);
    } finally {
      await other.dispose();
    }
  });

  it('moves a job and an event whose payload is not JSON to the dead letters', async () => {
    const bus = await world.connect();
    const names = new NatsNames(world.namespace);
    const handledJobs: Job[] = [];
    const handledEvents: BusEvent[] = [];
    await bus.consume('raw.work', async (job) => void handledJobs.push(job));
    await bus.subscribe('evt.raw.>', async (event) => void handledEvents.push(event), {
      durable: 'raw-reader',
    });
    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      const js = nc.jetstream();
      await js.publish(names.jobSubject('raw.work'), new TextEncoder().encode('{not json'), {
        msgID: 'raw-job',
      });
      await js.publish(names.subject('evt.raw.happened'), new TextEncoder().encode('{not json'), {
        msgID: 'raw-event',
      });
    } finally {
      await nc.close();
    }
    await bus.publish('evt.raw.happened', 'marker', { id: 'raw-marker' });
    await waitFor(() => handledEvents.length === 1, 'the marker event');
    await waitFor(async () => (await bus.deadLetters()).length === 2, 'two dead letters');

    expect(handledJobs).toEqual([]);
    expect(handledEvents.map((event) => event.payload)).toEqual(['marker']);
    const letters = await bus.deadLetters();
    expect(
      letters
        .map(({ kind, source, id }) => ({ kind, source, id }))
        .sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: 'event', source: 'evt.raw.happened', id: 'raw-event' },
      { kind: 'job', source: 'raw.work', id: 'raw-job' },
    ]);
    expect(letters.every((letter) => /malformed/i.test(letter.reason))).toBe(true);
  });

  it('fails a request at once while the connection is down, not at the request timeout', async () => {
    const relay = await startRelay(TEST_NATS_URL);
    // A timeout far beyond the test's own: an answer at all proves the request did not wait for it.
    const flaky = await NatsBus.connect({
      servers: relay.url,
      namespace: world.namespace,
      requestTimeoutMs: 600_000,
    });
    try {
      const server = await world.connect();
      await server.serve('svc.down.ping', 'svc.down', async () => 'pong');
      await expect(flaky.request('svc.down.ping', {})).resolves.toBe('pong');

      await relay.close();
      await waitFor(() => !flaky.isConnected(), 'the disconnect');

      const error = await flaky.request('svc.down.ping', {}).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('SERVICE_UNAVAILABLE');
      expect((error as DomainError).message).toContain('not connected');
    } finally {
      await flaky.close();
    }
  });
});

describe('NatsNames', () => {
  it('uses the subjects of DESIGN.md and plain stream names without a namespace', () => {
    const names = new NatsNames();
    expect(names.subject('svc.admin.login')).toBe('svc.admin.login');
    expect(names.eventSubjects).toBe('evt.>');
    expect(names.jobSubject('ai.generate')).toBe('job.ai.generate');
    expect(names.streams).toEqual({ events: 'EVENTS', jobs: 'JOBS', dead: 'DEAD' });
    expect(names.jobConsumer('ai.generate')).toBe('ai_generate');
    expect(names.busSubject('evt.ai.list.updated')).toBe('evt.ai.list.updated');
  });

  it('prefixes subjects, streams and consumers with the namespace', () => {
    const names = new NatsNames('ci-42');
    expect(names.subject('svc.admin.login')).toBe('ci-42.svc.admin.login');
    expect(names.jobSubjects).toBe('ci-42.job.>');
    expect(names.streams).toEqual({ events: 'ci-42_EVENTS', jobs: 'ci-42_JOBS', dead: 'ci-42_DEAD' });
    expect(names.durableConsumer('gateway.fanout')).toBe('ci-42_gateway_fanout');
    expect(names.busSubject('ci-42.evt.ai.list.updated')).toBe('evt.ai.list.updated');
  });

  it('refuses names that would not map to one consumer or stream name', () => {
    expect(() => new NatsNames('a.b')).toThrow(/namespace/);
    expect(() => new NatsNames().jobConsumer('ai_generate')).toThrow(/queue name/);
    expect(() => new NatsNames().durableConsumer('a b')).toThrow(/durable name/);
  });
});
