import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { NatsBus, OutboxEntrySchema, OutboxRelay, openDatabase, type BusEvent } from '@promptloom/shared';
import { createTestDatabase, waitFor, type TestDatabase } from '@promptloom/shared/testing';
import { TEST_NATS_URL, startProcess } from '../support/processes';
import { deleteNamespaceStreams } from '../support/nats';

describe('outbox: a crash between commit and publish loses no event', () => {
  const namespace = `crash-${randomBytes(4).toString('hex')}`;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
    await deleteNamespaceStreams(namespace);
  });

  it('publishes on NATS, after restart, the event a killed process had only committed', async () => {
    const marker = randomBytes(8).toString('hex');
    const writer = startProcess('writer', path.join('test/outbox/fixtures/commit-then-crash.js'), {
      DATABASE_URL: database.url,
      MARKER: marker,
    });
    expect(await writer.exited).toBe('SIGKILL');
    expect(writer.output()).toContain('committed');

    const bus = await NatsBus.connect({ servers: TEST_NATS_URL, namespace });
    const received: BusEvent[] = [];
    await bus.subscribe('evt.test.>', async (event) => void received.push(event));
    const orm = await openDatabase({
      url: database.url,
      schema: 'crash_test',
      entities: [OutboxEntrySchema],
      migrations: [],
    });
    const relay = new OutboxRelay(orm, bus, 'crash_test', { pollIntervalMs: 100 });
    relay.start();
    try {
      await waitFor(() => received.length > 0, 'the committed event on NATS');
      expect(received).toHaveLength(1);
      expect(received[0]!.payload).toEqual({ marker });
    } finally {
      await relay.stop();
      await orm.close();
      await bus.close();
    }
  });
});
