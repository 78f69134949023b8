import { z } from 'zod';
import { defineEvent } from '@promptloom/proto';
import { InProcessBus, type Bus, type BusEvent } from '../bus';
import { createTestDatabase, waitFor, type TestDatabase } from '../testing';
import { openDatabase, type Database } from './database';
import { OutboxEntrySchema, recordEvent } from './outbox';
import { OutboxRelay } from './outbox-relay';

const noteWritten = defineEvent('evt.test.note.written', z.object({ n: z.number() }));

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

async function writeEvents(count: number, from = 0): Promise<void> {
  await orm.em.fork().transactional(async (em) => {
    for (let n = from; n < from + count; n++) recordEvent(em, noteWritten, { n });
  });
}

function collect(bus: Bus): Promise<BusEvent[]> {
  const received: BusEvent[] = [];
  return bus.subscribe('evt.test.>', async (event) => void received.push(event)).then(() => received);
}

/** A bus that fails after `failAfter` publishes, as if the relay's process died half-way through a batch. */
function crashingBus(inner: Bus, failAfter: number): Bus {
  let published = 0;
  return Object.assign(Object.create(inner) as Bus, {
    publish: async (...args: Parameters<Bus['publish']>) => {
      if (published++ >= failAfter) throw new Error('crashed');
      return inner.publish(...args);
    },
  });
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
      orm.em.fork().transactional(async (em) => {
        recordEvent(em, noteWritten, { n: 1 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await orm.em
      .getConnection()
      .execute('select count(*)::int as count from "outbox_test"."outbox"');
    expect(rows[0]?.count).toBe(0);
  });

  it('refuses a payload that does not match the event catalogue', async () => {
    await expect(
      orm.em.fork().transactional(async (em) => {
        recordEvent(em, noteWritten, { n: 'one' } as never);
      }),
    ).rejects.toThrow();
  });

  it('loses nothing and duplicates nothing when the relay dies half-way through a batch', async () => {
    const bus = new InProcessBus();
    const received = await collect(bus);
    await writeEvents(6);

    const dying = new OutboxRelay(orm, crashingBus(bus, 3), 'outbox_test');
    await expect(dying.publishPending()).rejects.toThrow('crashed');
    // Three were published but the batch's transaction rolled back: the rows are still unpublished.
    expect(received).toHaveLength(3);

    const next = new OutboxRelay(orm, bus, 'outbox_test');
    expect(await next.publishPending()).toBe(6);
    expect(received.map((event) => (event.payload as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5]);
    await bus.close();
  });

  it('shares the outbox between two relays without publishing a row twice', async () => {
    const bus = new InProcessBus();
    const received = await collect(bus);
    await writeEvents(200);
    const publishedIds: string[] = [];
    const counting = Object.assign(Object.create(bus) as Bus, {
      publish: async (...args: Parameters<Bus['publish']>) => {
        publishedIds.push(args[2].id);
        await new Promise((resolve) => setTimeout(resolve, 1));
        return bus.publish(...args);
      },
    });
    const relays = [1, 2].map(() => new OutboxRelay(orm, counting, 'outbox_test', { batchSize: 10 }));
    const counts = await Promise.all(relays.map((relay) => relay.publishPending()));
    // Row locks (`for update skip locked`) split the rows: each is published by exactly one relay.
    expect(publishedIds).toHaveLength(200);
    expect(new Set(publishedIds).size).toBe(200);
    expect(counts.every((count) => count > 0)).toBe(true);
    expect(received).toHaveLength(200);
    await bus.close();
  });
});
