import { z } from 'zod';
import { INTERNAL, defineEvent } from '@promptloom/proto';
import {
  NatsBus,
  OutboxEntrySchema,
  OutboxRelay,
  OutboxWriter,
  metricsText,
  openDatabase,
  recordEvent,
  type BusEvent,
  type Database,
} from '@promptloom/shared';
import { createTestDatabase, waitFor, type TestDatabase } from '@promptloom/shared/testing';
import { startPrivateNats, type PrivateNats } from '../support/private-nats';

const noteWritten = defineEvent(
  'evt.test.note.written',
  z.object({ n: z.number(), text: z.string() }),
  INTERNAL,
);
const SERVER_MAX_PAYLOAD = 64 * 1024;

/** The value of one outbox gauge or counter for `schema`, read from /metrics as Prometheus would. */
async function metric(name: string, schema: string): Promise<number> {
  const line = (await metricsText()).split('\n').find((row) => row.startsWith(`${name}{schema="${schema}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('outbox relay on a private NATS server', () => {
  let database: TestDatabase;
  let nats: PrivateNats;
  let orm: Database;
  const schema = 'relay_faults';

  beforeAll(async () => {
    database = await createTestDatabase();
    nats = await startPrivateNats({ maxPayloadBytes: SERVER_MAX_PAYLOAD });
    orm = await openDatabase({ url: database.url, schema, entities: [OutboxEntrySchema], migrations: [] });
  }, 60_000);
  afterAll(async () => {
    await orm.close();
    await nats.stop();
    await database.drop();
  });

  /** Writes as a service does, with the limit the bus had when the rows were written (1 MB, NATS's default). */
  const write = (...notes: Array<{ n: number; text: string }>) =>
    new OutboxWriter(orm, { maxPayloadBytes: () => 1024 * 1024 }, { wake: () => undefined }).write(
      async (tx) => {
        for (const note of notes) recordEvent(tx, noteWritten, note);
      },
    );

  it("moves aside a row larger than the server's max_payload after its tries; the rows behind it flow", async () => {
    const bus = await NatsBus.connect({ servers: nats.url, namespace: 'dead' });
    expect(bus.maxPayloadBytes()).toBe(SERVER_MAX_PAYLOAD);
    const received: BusEvent[] = [];
    await bus.subscribe('evt.test.>', async (event) => void received.push(event));
    const deadBefore = await metric('outbox_dead_events_total', schema);
    await write({ n: 1, text: 'small' }, { n: 2, text: 'x'.repeat(100 * 1024) }, { n: 3, text: 'small' });

    const relay = new OutboxRelay(orm, bus, schema, { pollIntervalMs: 50, maxAttempts: 3 });
    relay.start();
    try {
      await waitFor(() => received.length === 2, 'the two rows around the large one');
      expect(received.map((event) => (event.payload as { n: number }).n)).toEqual([1, 3]);
      await waitFor(
        async () => (await metric('outbox_dead_events_total', schema)) === deadBefore + 1,
        'a dead row',
      );
      const [dead] = await orm.em
        .getConnection()
        .execute(
          `select "attempts", "last_error", "payload"->>'n' as n from "${schema}"."outbox" where "dead_at" is not null`,
        );
      expect(dead).toMatchObject({
        attempts: 3,
        n: '2',
        last_error: expect.stringContaining(`${SERVER_MAX_PAYLOAD}`),
      });
      await waitFor(async () => (await metric('outbox_pending_events', schema)) === 0, 'an empty backlog');

      // Later rows still flow: the marker arrives, and the large row was never delivered.
      await write({ n: 4, text: 'marker' });
      relay.wake();
      await waitFor(() => received.length === 3, 'the marker');
      expect(received.map((event) => (event.payload as { n: number }).n)).toEqual([1, 3, 4]);
    } finally {
      await relay.stop();
      await bus.close();
    }
  }, 60_000);

  it('keeps measuring the backlog while the server is down: the gauge rises with each write', async () => {
    await orm.em.getConnection().execute(`truncate "${schema}"."outbox"`);
    const bus = await NatsBus.connect({ servers: nats.url, namespace: 'down', requestTimeoutMs: 1000 });
    const relay = new OutboxRelay(orm, bus, schema, { pollIntervalMs: 50, metricsIntervalMs: 50 });
    relay.start();
    try {
      await nats.stop();
      await write({ n: 1, text: 'a' }, { n: 2, text: 'b' }, { n: 3, text: 'c' });
      await waitFor(
        async () => (await metric('outbox_pending_events', schema)) === 3,
        'a backlog of 3',
        20_000,
      );
      await write({ n: 4, text: 'd' }, { n: 5, text: 'e' });
      await waitFor(
        async () => (await metric('outbox_pending_events', schema)) === 5,
        'a backlog of 5',
        20_000,
      );
      const lag = await metric('outbox_lag_seconds', schema);
      await waitFor(
        async () => (await metric('outbox_lag_seconds', schema)) > lag,
        'the lag growing',
        20_000,
      );
    } finally {
      await relay.stop();
      await bus.close().catch(() => undefined);
    }
  }, 90_000);
});
