import { randomUUID } from 'node:crypto';
import { OPERATIONS } from '@promptloom/proto';
import { NatsBus, PermanentFailure, metricsRegistry, natsStreamNames } from '@promptloom/shared';
import { deferred, waitFor } from '@promptloom/shared/testing';
import { AckPolicy, connect, nanos, type NatsConnection } from 'nats';
import { capturedLogger } from '../support/captured-log';
import { SERVICE_OF_USER, readNatsPermissions } from '../support/nats-permissions';
import {
  LOCKED_DOWN_BUS_CONFIG,
  lockedDownBusUsers,
  startPrivateNats,
  type LockedDownBusUser,
  type PrivateNats,
} from '../support/private-nats';
import { startGatewayProcess } from '../support/gateway-process';
import { waitUntilReady } from '../support/processes';

/** deploy/nats.conf: each process may publish only its own events; the gateway may only make requests. */
describe('the locked-down bus', () => {
  const users = lockedDownBusUsers();
  let nats: PrivateNats;

  beforeAll(async () => {
    nats = await startPrivateNats({ configFile: LOCKED_DOWN_BUS_CONFIG, env: users.serverEnv });
  });

  afterAll(() => nats?.stop());

  const busAs = (user: LockedDownBusUser, logger?: ReturnType<typeof capturedLogger>['logger']) => {
    const { NATS_USER, NATS_PASSWORD } = users.credentials(user);
    return NatsBus.connect({ servers: nats.url, user: NATS_USER, pass: NATS_PASSWORD, name: user, logger });
  };

  it("refuses the gateway's publish of evt.admin.user.deleted, logs it once and counts it", async () => {
    const log = capturedLogger();
    const gateway = await busAs('gateway', log.logger);
    const admin = await busAs('admin');
    try {
      const forged = { id: 7, email: 'victim@example.com' };
      await expect(gateway.publish('evt.admin.user.deleted', forged, { id: randomUUID() })).rejects.toThrow();
      await expect(gateway.publish('evt.admin.user.deleted', forged, { id: randomUUID() })).rejects.toThrow();
      // The admin service's own event, published after: once it is stored, the forged ones would be before it.
      await admin.publish(
        'evt.admin.user.deleted',
        { id: 8, email: 'real@example.com' },
        { id: randomUUID() },
      );

      const nc = await connect({ servers: nats.url, ...asNatsUser('admin') });
      try {
        const stream = await (await nc.jetstreamManager()).streams.info(natsStreamNames().events);
        expect(stream.state.messages).toBe(1);
      } finally {
        await nc.close();
      }
      const denials = log.lines.filter((line) =>
        String(line.msg).includes('NATS refused this process permission'),
      );
      expect(denials).toHaveLength(1);
      expect(denials[0]).toMatchObject({ operation: 'publish', subject: 'evt.admin.user.deleted' });
      expect(await metricsRegistry.getSingleMetricAsString('bus_permission_denied_total')).toMatch(
        /bus_permission_denied_total\{operation="publish",subject="evt.admin.user.deleted"\} 2/,
      );
    } finally {
      await Promise.all([gateway.close(), admin.close()]);
    }
  });

  it("does not let the gateway answer a service's requests", async () => {
    const gateway = await busAs('gateway');
    const admin = await busAs('admin');
    try {
      // A subscription the server refuses never receives: the request finds no responder.
      await gateway
        .serve('svc.admin.user.get', 'admin', async () => ({ forged: true }))
        .catch(() => undefined);
      await expect(
        admin.request('svc.admin.user.get', { id: 1 }, { timeoutMs: 2_000 }),
      ).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      await Promise.all([gateway.close(), admin.close()]);
    }
  });

  /** pino's number for `error`. */
  const ERROR_LEVEL = 50;
  const refusals = (log: ReturnType<typeof capturedLogger>) =>
    log.lines.filter((line) => String(line.msg).includes('NATS refused this process permission'));

  it.each(['admin', 'ai-worker', 'signature-stream', 'gateway'] as const)(
    'lets the %s user request exactly the operations of its list; any other is refused before any responder sees it, and logged with its subject',
    async (user) => {
      const allowed = readNatsPermissions()
        .get(user)!
        .publishAllow.filter((subject) => subject.startsWith('svc.'));
      const refused = OPERATIONS.map((operation) => operation.subject).filter(
        (subject) => !allowed.includes(subject),
      );
      expect(refused.length).toBeGreaterThan(0);
      // Every operation has a responder, run by the user of the service that answers it.
      const reached: string[] = [];
      const responders = await Promise.all(
        Object.entries(SERVICE_OF_USER).map(async ([owner, service]) => {
          const nc = await connect({ servers: nats.url, ...asNatsUser(owner as LockedDownBusUser) });
          for (const { subject } of OPERATIONS.filter((operation) => operation.service === service)) {
            nc.subscribe(subject, {
              callback: (_error, msg) => {
                reached.push(subject);
                msg.respond(JSON.stringify({ ok: true, data: { answered: subject } }));
              },
            });
          }
          await nc.flush();
          return nc;
        }),
      );
      const log = capturedLogger();
      const bus = await busAs(user, log.logger);
      try {
        const answers = await Promise.all(allowed.map((subject) => bus.request(subject, {})));
        expect(answers).toEqual(allowed.map((subject) => ({ answered: subject })));

        const outcomes = await Promise.all(
          refused.map((subject) =>
            bus.request(subject, {}).then(
              () => 'answered',
              (error: Error) => error.message,
            ),
          ),
        );
        expect(outcomes).toEqual(
          refused.map((subject) => `${subject} was refused by the bus: this process may not send it.`),
        );
        // The server refused each one as it arrived; after a round trip on every responder's connection, anything
        // it had routed would have been delivered.
        await Promise.all(responders.map((nc) => nc.flush()));
        expect([...reached].sort()).toEqual([...allowed].sort());

        await waitFor(() => refusals(log).length >= refused.length, 'every refusal logged');
        expect(
          refusals(log)
            .map((line) => [line.level, line.operation, line.subject])
            .sort(),
        ).toEqual(refused.map((subject) => [ERROR_LEVEL, 'publish', subject]).sort());
      } finally {
        await bus.close();
        await Promise.all(responders.map((nc: NatsConnection) => nc.close()));
      }
    },
  );

  it("keeps every process off another's durable consumer, and the gateway off the streams' configuration", async () => {
    const events = natsStreamNames().events;
    const durable = 'admin-audit-ai-records';
    const adminNc = await connect({ servers: nats.url, ...asNatsUser('admin') });
    const aiWorker = await busAs('ai-worker');
    try {
      // The admin service's durable consumer, holding one event for it.
      const adminJsm = await adminNc.jetstreamManager();
      await adminJsm.consumers.add(events, {
        durable_name: durable,
        filter_subject: 'evt.ai.record.changed',
        ack_policy: AckPolicy.Explicit,
      });
      await aiWorker.publish('evt.ai.record.changed', { marker: true }, { id: randomUUID() });
      for (const user of ['gateway', 'ai-worker', 'signature-stream'] as const) {
        const nc = await connect({ servers: nats.url, ...asNatsUser(user) });
        try {
          const jsm = await nc.jetstreamManager();
          await expect(jsm.consumers.delete(events, durable)).rejects.toMatchObject({
            code: 'PERMISSIONS_VIOLATION',
          });
          await expect(
            jsm.consumers.add(events, { durable_name: durable, filter_subject: 'evt.>' }),
          ).rejects.toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
          // A pull is a plain publish: refused, it brings nothing.
          const consumer = await nc.jetstream().consumers.get(events, durable);
          expect(await consumer.next({ expires: 1_000 })).toBeNull();
          if (user === 'gateway') {
            await expect(jsm.streams.update(events, { max_age: nanos(1_000) })).rejects.toMatchObject({
              code: 'PERMISSIONS_VIOLATION',
            });
          }
        } finally {
          await nc.close();
        }
      }
      const consumer = await adminJsm.consumers.info(events, durable);
      expect(consumer.config.filter_subject).toBe('evt.ai.record.changed');
      expect({ pending: consumer.num_pending, delivered: consumer.delivered.consumer_seq }).toEqual({
        pending: 1,
        delivered: 0,
      });
      expect((await adminJsm.streams.info(events)).config.max_age).toBe(nanos(7 * 24 * 60 * 60 * 1000));
      await adminJsm.consumers.delete(events, durable);
    } finally {
      await Promise.all([aiWorker.close(), adminNc.close()]);
    }
  });

  it('lets the AI worker dead-letter a job and the admin service list it and put it back on its queue', async () => {
    const log = capturedLogger();
    const worker = await busAs('ai-worker', log.logger);
    const admin = await busAs('admin', log.logger);
    try {
      const id = randomUUID();
      const unusable = await worker.consume('ai.generation', async () => {
        throw new PermanentFailure('unusable');
      });
      await worker.enqueue('ai.generation', { kind: 'test' }, { id });
      const letter = await waitFor(
        async () => (await admin.deadLetters()).find((each) => each.id === id),
        'the dead job',
      );
      await unusable();
      await admin.retryDeadLetter(letter!.sequence);
      const again = deferred<string>();
      const stop = await worker.consume('ai.generation', async (job) => again.resolve(job.id));
      expect(await again.promise).toBe(id);
      await stop();
      expect(refusals(log)).toEqual([]);
    } finally {
      await Promise.all([worker.close(), admin.close()]);
    }
  });

  it('stops a gateway with no permission refused and none of its consumers left behind', async () => {
    const events = natsStreamNames().events;
    const observer = await connect({ servers: nats.url, ...asNatsUser('admin') });
    const jsm = await observer.jetstreamManager();
    const consumers = async () => (await jsm.streams.info(events)).state.consumer_count;
    const before = await consumers();
    const { gateway, baseUrl } = await startGatewayProcess({
      NATS_URL: nats.url,
      ...users.credentials('gateway'),
      LOG_LEVEL: 'info',
    });
    try {
      await waitUntilReady([gateway], `${baseUrl}/readyz`);
      // Its event hub and its caches' subscriptions each read the event stream through a consumer of their own.
      expect(await consumers()).toBeGreaterThan(before);
      expect(await gateway.stop('SIGTERM')).toBe(0);
      expect(gateway.output()).not.toMatch(/PERMISSIONS_VIOLATION|refused this process permission/);
      expect(await consumers()).toBe(before);
    } finally {
      await gateway.stop('SIGKILL');
      await observer.close();
    }
  });

  it('stops a process whose NATS password is wrong at start, naming the variables', async () => {
    const { gateway } = await startGatewayProcess({
      NATS_URL: nats.url,
      NATS_USER: 'gateway',
      NATS_PASSWORD: 'not-the-password',
    });
    expect(await gateway.exited).toBe(1);
    expect(gateway.output()).toMatch(/NATS_USER \/ NATS_PASSWORD: the NATS server refused user 'gateway'/);
    expect(gateway.output()).not.toContain('not-the-password');
  });

  const asNatsUser = (user: LockedDownBusUser) => {
    const { NATS_USER, NATS_PASSWORD } = users.credentials(user);
    return { user: NATS_USER, pass: NATS_PASSWORD };
  };
});
