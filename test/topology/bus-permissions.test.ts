import { randomUUID } from 'node:crypto';
import { GeneratedBusKeys, NatsBus, metricsRegistry, natsStreamNames } from '@promptloom/shared';
import { connect } from 'nats';
import { capturedLogger } from '../support/captured-log';
import {
  LOCKED_DOWN_BUS_CONFIG,
  lockedDownBusUsers,
  startPrivateNats,
  type PrivateNats,
} from '../support/private-nats';
import { startProcess } from '../support/processes';

/** deploy/nats.conf: each process may publish only its own events; the gateway may only make requests. */
describe('the locked-down bus', () => {
  const users = lockedDownBusUsers();
  let nats: PrivateNats;

  beforeAll(async () => {
    nats = await startPrivateNats({ configFile: LOCKED_DOWN_BUS_CONFIG, env: users.serverEnv });
  });

  afterAll(() => nats?.stop());

  const busAs = (user: 'gateway' | 'admin', logger?: ReturnType<typeof capturedLogger>['logger']) => {
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

  it('stops a process whose NATS password is wrong at start, naming the variables', async () => {
    const gateway = startProcess('gateway', 'gateway/dist/main.js', {
      NATS_URL: nats.url,
      NATS_USER: 'gateway',
      NATS_PASSWORD: 'not-the-password',
      JWT_SECRET: 'x'.repeat(48),
      ...new GeneratedBusKeys().environmentFor('gateway'),
      PORT: '0',
    });
    expect(await gateway.exited).toBe(1);
    expect(gateway.output()).toMatch(/NATS_USER \/ NATS_PASSWORD: the NATS server refused user 'gateway'/);
    expect(gateway.output()).not.toContain('not-the-password');
  });

  const asNatsUser = (user: 'admin') => {
    const { NATS_USER, NATS_PASSWORD } = users.credentials(user);
    return { user: NATS_USER, pass: NATS_PASSWORD };
  };
});
