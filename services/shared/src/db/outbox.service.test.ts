import pino from 'pino';
import { z } from 'zod';
import { DomainError, INTERNAL, defineEvent } from '@promptloom/proto';
import { InProcessBus, type Bus, type BusEvent } from '../bus';
import { outboxDeadEventsTotal, outboxPending } from '../metrics/instruments';
import { createTestDatabase, waitFor, type TestDatabase } from '../testing';
import { openDatabase, type Database } from './database';
import { OutboxEntrySchema, recordEvent } from './outbox';
import { OutboxRelay } from './outbox-relay';
import { OutboxWriter } from './outbox-writer';

const noteWritten = defineEvent('evt.test.note.written', z.object({ n: z.number() }), INTERNAL);
const textWritten = defineEvent('evt.test.text.written', z.object({ text: z.string() }), INTERNAL);

let database: TestDatabase;
let orm: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  orm = await openDatabase({
    url: database.url,
    schema: 'outbox_test',
    entities: [OutboxEntrySchema],
    migrations: [],
  });
});
afterAll(async () => {
  await orm.close();
  await database.drop();
});
beforeEach(() => orm.em.getConnection().execute('truncate "outbox_test"."outbox"'));

/** Writes through the one write path; nothing wakes a relay (each test drives its own). */
const writer = (bus: Bus = new InProcessBus()) => new OutboxWriter(orm, bus, { wake: () => undefined });

async function writeEvents(count: number, from = 0): Promise<void> {
  await writer().write(async (tx) => {
    for (let n = from; n < from + count; n++) recordEvent(tx, noteWritten, { n });
  });
}

async function countRows(where = 'true'): Promise<number> {
  const rows = await orm.em
    .getConnection()
    .execute(`select count(*)::int as count from "outbox_test"."outbox" where ${where}`);
  return rows[0]?.count as number;
}

function collect(bus: Bus): Promise<BusEvent[]> {
  const received: BusEvent[] = [];
  return bus.subscribe('evt.test.>', async (event) => void received.push(event)).then(() => received);
}

/** A bus that becomes unreachable after `failAfter` publishes, half-way through a batch. */
function crashingBus(inner: Bus, failAfter: number): Bus {
  let published = 0;
  return Object.assign(Object.create(inner) as Bus, {
    publish: async (...args: Parameters<Bus['publish']>) => {
      if (published++ >= failAfter) throw new DomainError('SERVICE_UNAVAILABLE', 'the bus is gone');
      return inner.publish(...args);
    },
  });
}

/** A bus whose first publish waits for `release` (its relay holds the turn meanwhile); `holding` once it waits. */
function holdFirstPublish(inner: Bus) {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holdingNow = (): void => undefined;
  const holding = new Promise<void>((resolve) => (holdingNow = resolve));
  let first = true;
  const bus = Object.assign(Object.create(inner) as Bus, {
    publish: async (...args: Parameters<Bus['publish']>) => {
      if (first) {
        first = false;
        holdingNow();
        await released;
      }
      return inner.publish(...args);
    },
  });
  return { bus, holding, release };
}

describe('transactional outbox', () => {
  it('publishes recorded events in order, once each', async () => {
    const bus = new InProcessBus();
    const received = await collect(bus);
    const relay = new OutboxRelay(orm, bus, 'outbox_test', { pollIntervalMs: 50 });
    relay.start();
    await writeEvents(5);
    relay.wake();
    await waitFor(() => received.length === 5, '5 events');
    await relay.stop();
    expect(received.map((event) => (event.payload as { n: number }).n)).toEqual([0, 1, 2, 3, 4]);
    await bus.close();
  });

  it('writes nothing when the transaction rolls back', async () => {
    await expect(
      writer().write(async (tx) => {
        recordEvent(tx, noteWritten, { n: 1 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await countRows()).toBe(0);
  });

  it('refuses a payload that does not match the event catalogue', async () => {
    await expect(
      writer().write(async (tx) => {
        // @ts-expect-error: the wrong payload type is the point; the writer must refuse it at run time too.
        recordEvent(tx, noteWritten, { n: 'one' });
      }),
    ).rejects.toThrow();
  });

  it('refuses an event recorded outside the writer', async () => {
    await expect(
      orm.em.fork().transactional(async (tx) => {
        recordEvent(tx, noteWritten, { n: 1 });
      }),
    ).rejects.toThrow('outside OutboxWriter.write');
    expect(await countRows()).toBe(0);
  });

  it("refuses, as bad input and before anything is written, an event larger than the bus's max payload", async () => {
    const small = new InProcessBus({ maxPayloadBytes: 2_000 });
    const refusal = writer(small).write(async (tx) => {
      recordEvent(tx, noteWritten, { n: 1 });
      recordEvent(tx, textWritten, { text: 'x'.repeat(2_000) });
    });
    await expect(refusal).rejects.toBeInstanceOf(DomainError);
    await expect(refusal).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { change: [expect.any(String)] },
    });
    expect(await countRows()).toBe(0);
    await writer(small).write(async (tx) => void recordEvent(tx, textWritten, { text: 'x'.repeat(1_000) }));
    expect(await countRows()).toBe(1);
    await small.close();
  });

  it('loses nothing and duplicates nothing when the bus goes away half-way through a batch', async () => {
    const bus = new InProcessBus();
    const received = await collect(bus);
    await writeEvents(6);

    const dying = new OutboxRelay(orm, crashingBus(bus, 3), 'outbox_test');
    await expect(dying.publishPending()).rejects.toThrow('gone');
    // The three published are marked; the rest wait, and no row is blamed for an outage.
    expect(received).toHaveLength(3);
    expect(await countRows('"attempts" > 0')).toBe(0);

    const next = new OutboxRelay(orm, bus, 'outbox_test');
    expect(await next.publishPending()).toBe(3);
    expect(received.map((event) => (event.payload as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5]);
    await bus.close();
  });

  it('republishes under the same id after a crash before the rows were marked: delivered once', async () => {
    const bus = new InProcessBus();
    const received = await collect(bus);
    await writeEvents(3);
    // What a relay that died after publishing, before its commit, leaves behind: published events, unmarked rows.
    const rows = await orm.em
      .getConnection()
      .execute<Array<{ event_id: string; payload: unknown }>>(
        'select * from "outbox_test"."outbox" order by "id"',
      );
    for (const row of rows) await bus.publish(noteWritten.subject, row.payload, { id: row.event_id });
    expect(await new OutboxRelay(orm, bus, 'outbox_test').publishPending()).toBe(3);
    await writeEvents(1, 3);
    await new OutboxRelay(orm, bus, 'outbox_test').publishPending();
    await waitFor(() => received.length >= 4, 'the marker event');
    expect(received.map((event) => (event.payload as { n: number }).n)).toEqual([0, 1, 2, 3]);
    await bus.close();
  });

  it('moves aside, after its tries, a row the bus refuses, and the rows behind it flow', async () => {
    // Written while the limit was 1 MB; the bus now takes at most 2 kB (a server restarted with a lower max_payload).
    await writer().write(async (tx) => {
      recordEvent(tx, noteWritten, { n: 0 });
      recordEvent(tx, textWritten, { text: 'x'.repeat(5_000) });
      recordEvent(tx, noteWritten, { n: 2 });
    });
    const bus = new InProcessBus({ maxPayloadBytes: 2_000 });
    const received = await collect(bus);
    const deadBefore = (await outboxDeadEventsTotal.get()).values.find(
      (v) => v.labels.schema === 'outbox_test',
    );
    const logged: Array<{ level: number; msg: string; subject?: string }> = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    const relay = new OutboxRelay(orm, bus, 'outbox_test', { maxAttempts: 3, logger });

    expect(await relay.publishPending()).toBe(2);
    expect(received.map((event) => event.payload)).toEqual([{ n: 0 }, { n: 2 }]);
    expect(await countRows('"published_at" is null and "dead_at" is null')).toBe(1);
    await relay.publishPending();
    await relay.publishPending();

    const [dead] = await orm.em
      .getConnection()
      .execute<Array<{ attempts: number; last_error: string }>>(
        'select "attempts", "last_error" from "outbox_test"."outbox" where "dead_at" is not null',
      );
    expect(dead).toMatchObject({ attempts: 3, last_error: expect.stringContaining('at most 2000 bytes') });
    const deadAfter = (await outboxDeadEventsTotal.get()).values.find(
      (v) => v.labels.schema === 'outbox_test',
    );
    expect((deadAfter?.value ?? 0) - (deadBefore?.value ?? 0)).toBe(1);
    const errors = logged.filter((line) => line.level >= 50);
    expect(errors).toEqual([
      expect.objectContaining({ subject: textWritten.subject, msg: expect.stringContaining('moved aside') }),
    ]);
    expect(await relay.publishPending()).toBe(0);
    await bus.close();
  });

  it('measures the backlog on its timer while it cannot publish', async () => {
    const bus = new InProcessBus();
    await bus.close();
    const pending = async () =>
      (await outboxPending.get()).values.find((v) => v.labels.schema === 'outbox_test')?.value;
    const relay = new OutboxRelay(orm, bus, 'outbox_test', { pollIntervalMs: 20, metricsIntervalMs: 20 });
    relay.start();
    try {
      await writeEvents(3);
      await waitFor(async () => (await pending()) === 3, 'a backlog of 3');
      await writeEvents(2, 3);
      await waitFor(async () => (await pending()) === 5, 'a backlog of 5');
    } finally {
      await relay.stop();
    }
  });

  it('lets the relays of two replicas take turns: every row once, in the order committed', async () => {
    const bus = new InProcessBus();
    const received = await collect(bus);
    await writeEvents(30);
    const held = holdFirstPublish(bus);
    const first = new OutboxRelay(orm, held.bus, 'outbox_test', { batchSize: 10 });
    const second = new OutboxRelay(orm, bus, 'outbox_test', { batchSize: 10 });

    const firstPass = first.publishPending();
    await held.holding;
    // With rows shared out by row locks alone, the second would publish rows 10-29 now, ahead of 0-9.
    expect(await second.publishPending()).toBe(0);
    held.release();

    expect(await firstPass).toBe(30);
    expect(received.map((event) => (event.payload as { n: number }).n)).toEqual([...Array(30).keys()]);
    await bus.close();
  });

  it('publishes soon, not at its next poll, what was written while another relay had the turn', async () => {
    const bus = new InProcessBus();
    const received = await collect(bus);
    await writeEvents(5);
    const held = holdFirstPublish(bus);
    const first = new OutboxRelay(orm, held.bus, 'outbox_test');
    const waited: unknown[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void waited.push(JSON.parse(line)) });
    const second = new OutboxRelay(orm, bus, 'outbox_test', { pollIntervalMs: 600_000, logger });
    const firstPass = first.publishPending();
    await held.holding;
    await writeEvents(5, 5);
    second.start();
    try {
      await waitFor(
        () =>
          waited.some((line) => (line as { msg?: string }).msg?.includes('another replica is publishing')),
        'the second relay finding the turn taken',
      );
      held.release();
      expect(await firstPass).toBe(5);
      await waitFor(
        () => received.length === 10,
        'the rows written meanwhile, published by the second relay',
      );
      expect(received.map((event) => (event.payload as { n: number }).n)).toEqual([...Array(10).keys()]);
    } finally {
      await second.stop();
      await bus.close();
    }
  });
});
