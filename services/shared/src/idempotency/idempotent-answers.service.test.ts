import { z } from 'zod';
import { DomainError, PUBLIC, defineOperation, type RequestContext } from '@promptloom/proto';
import { GeneratedBusKeys, InProcessBus, SignedBus, call, type Bus } from '../bus';
import { handle } from '../operations';
import { openDatabase, type Database } from '../db/database';
import { ServiceMigration } from '../db/migration';
import { OutboxEntrySchema } from '../db/outbox';
import { OutboxWriter } from '../db/outbox-writer';
import { createTestDatabase, deferred, waitFor, type TestDatabase } from '../testing';
import { keepIdempotentAnswers } from './idempotent-answers';
import { IdempotencyKeys } from './idempotency-keys';
import { IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE, IDEMPOTENCY_KEY_REUSED_MESSAGE } from './idempotent-call';

const SCHEMA = 'idempotency_test';

/** Notes have no unique column: only the Idempotency-Key keeps a repeat from adding a second one. */
class CreateNotes extends ServiceMigration {
  override up(): void {
    this.addSql(`create table ${this.table('notes')} ("id" serial primary key, "text" text not null)`);
  }
}

const addNote = defineOperation(
  'admin',
  'test.notes.add',
  z.object({ text: z.string() }),
  z.object({ id: z.number(), text: z.string() }),
  PUBLIC,
);

/** A service answers only through a SignedBus: the gateway's view sends, the admin service's view answers. */
const busKeys = new GeneratedBusKeys();
const gatewayOn = (inner: Bus) => new SignedBus(inner, { keys: busKeys.for('gateway') });
const serviceOn = (inner: Bus) =>
  new SignedBus(inner, { keys: busKeys.for('admin'), callers: () => ['gateway'] });

/** One replica of the service answering addNote on `serviceBus`, keeping its answers in `orm`. */
async function answerNotes(serviceBus: SignedBus, options: { ttlMs?: number } = {}) {
  const answers = keepIdempotentAnswers({ bus: serviceBus, service: 'admin', orm, ...options });
  const writer = new OutboxWriter(orm, serviceBus, { wake: () => undefined });
  const unsubscribe = await handle(serviceBus, addNote, async (request) => {
    const note = await writer.write(async (tx) => {
      const [row] = await tx.execute<Array<{ id: number }>>(
        `insert into "${SCHEMA}"."notes" ("text") values (?) returning "id"`,
        [request.text],
      );
      return { id: row!.id, text: request.text };
    });
    committed();
    await holdAfterCommit;
    return note;
  });
  return {
    stop: async () => {
      answers.stop();
      await unsubscribe();
    },
  };
}

let database: TestDatabase;
let orm: Database;
let inner: InProcessBus;
let bus: Bus;
let stopAnswers: () => Promise<void>;
/** Set by a test to hold the handler after its write committed, before it answers. */
let holdAfterCommit: Promise<void> | undefined;
let committed: () => void = () => undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await openDatabase({
    url: database.url,
    schema: SCHEMA,
    entities: [OutboxEntrySchema],
    migrations: [{ name: '0001-notes', class: CreateNotes }],
  });
  inner = new InProcessBus();
  bus = gatewayOn(inner);
  stopAnswers = (await answerNotes(serviceOn(inner))).stop;
});
afterAll(async () => {
  await stopAnswers();
  await inner.close();
  await orm.close();
  await database.drop();
});
beforeEach(async () => {
  holdAfterCommit = undefined;
  await orm.em.getConnection().execute(`truncate "${SCHEMA}"."notes", "${SCHEMA}"."idempotency_keys"`);
});

const as = (userId: number, idempotencyKey?: string): RequestContext => ({
  actor: { userId, role: 'user' },
  idempotencyKey,
});

async function notes(): Promise<string[]> {
  const rows: Array<{ text: string }> = await orm.em
    .getConnection()
    .execute(`select "text" from "${SCHEMA}"."notes" order by "id"`);
  return rows.map((row) => row.text);
}

async function refusal(sent: Promise<unknown>): Promise<DomainError> {
  const error = await sent.then(
    () => null,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('a write repeated with its Idempotency-Key', () => {
  it('is applied once and answered the same twice', async () => {
    const first = await call(bus, addNote, { text: 'once' }, { context: as(1, 'key-1') });
    const repeat = await call(bus, addNote, { text: 'once' }, { context: as(1, 'key-1') });
    expect(repeat).toEqual(first);
    expect(await notes()).toEqual(['once']);
  });

  it('is applied twice without a key (what the key prevents)', async () => {
    await call(bus, addNote, { text: 'twice' }, { context: as(1) });
    await call(bus, addNote, { text: 'twice' }, { context: as(1) });
    expect(await notes()).toEqual(['twice', 'twice']);
  });

  it('refuses the same key with another request (422), applying nothing', async () => {
    await call(bus, addNote, { text: 'first' }, { context: as(1, 'key-2') });
    const error = await refusal(call(bus, addNote, { text: 'other' }, { context: as(1, 'key-2') }));
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.fields).toEqual({ idempotency_key: [IDEMPOTENCY_KEY_REUSED_MESSAGE] });
    expect(await notes()).toEqual(['first']);
  });

  it('scopes the key to its actor: another user with the same key is another request', async () => {
    await call(bus, addNote, { text: 'mine' }, { context: as(1, 'shared-key') });
    await call(bus, addNote, { text: 'mine' }, { context: as(2, 'shared-key') });
    expect(await notes()).toEqual(['mine', 'mine']);
  });

  it('answers 409 while the first is still answering, then the first answer', async () => {
    const hold = deferred();
    holdAfterCommit = hold.promise;
    const seen = deferred();
    committed = () => seen.resolve();
    const first = call(bus, addNote, { text: 'slow' }, { context: as(1, 'key-3') });
    await seen.promise;
    committed = () => undefined;

    const during = await refusal(call(bus, addNote, { text: 'slow' }, { context: as(1, 'key-3') }));
    expect(during.code).toBe('CONFLICT');
    expect(during.message).toBe(IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE);
    hold.resolve();
    const answer = await first;
    expect(await call(bus, addNote, { text: 'slow' }, { context: as(1, 'key-3') })).toEqual(answer);
    expect(await notes()).toEqual(['slow']);
  });

  it('applies once when two repeats race: the second waits for the first to commit, and is never applied', async () => {
    const answers = await Promise.allSettled(
      [1, 2, 3].map(() => call(bus, addNote, { text: 'raced' }, { context: as(1, 'key-4') })),
    );
    expect(await notes()).toEqual(['raced']);
    for (const answer of answers) {
      if (answer.status === 'rejected') expect((answer.reason as DomainError).code).toBe('CONFLICT');
    }
    await waitFor(async () => {
      const again = await call(bus, addNote, { text: 'raced' }, { context: as(1, 'key-4') }).catch(
        () => null,
      );
      return again !== null;
    }, 'the first answer to be stored');
    expect(await notes()).toEqual(['raced']);
  });

  it('forgets an expired key: the same key is a new request, and the sweep deletes it', async () => {
    const expiringInner = new InProcessBus();
    const expiring = gatewayOn(expiringInner);
    const answers = await answerNotes(serviceOn(expiringInner), { ttlMs: 0 });
    try {
      await call(expiring, addNote, { text: 'stale' }, { context: as(1, 'key-5') });
      await call(expiring, addNote, { text: 'stale' }, { context: as(1, 'key-5') });
      expect(await notes()).toEqual(['stale', 'stale']);
      expect(await new IdempotencyKeys(orm).deleteExpired()).toBe(1);
      const left = await orm.em
        .getConnection()
        .execute(`select count(*)::int as n from "${SCHEMA}"."idempotency_keys"`);
      expect(left[0]?.n).toBe(0);
    } finally {
      await answers.stop();
      await expiringInner.close();
    }
  });
});
