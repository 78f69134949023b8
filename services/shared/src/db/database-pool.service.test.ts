import { DomainError } from '@promptloom/proto';
import { openDatabase, type Database } from './database';
import {
  DATABASE_TOO_SLOW_MESSAGE,
  DATABASE_UNAVAILABLE_MESSAGE,
  mapDatabaseUnavailable,
} from './database-errors';
import { createTestDatabase, type TestDatabase } from '../testing';

/** DATABASE_STATEMENT_TIMEOUT_MS and DATABASE_POOL_WAIT_MS: a slow query or a full pool answers 503, never hangs. */
describe('database pool settings', () => {
  let database: TestDatabase;
  let orm: Database;

  beforeAll(async () => {
    database = await createTestDatabase('pl_pool');
    orm = await openDatabase({
      url: database.url,
      schema: 'pool_test',
      entities: [],
      migrations: [],
      pool: { max: 1, statementTimeoutMs: 200, waitMs: 300 },
    });
  });

  afterAll(async () => {
    await orm?.close(true);
    await database?.drop();
  });

  const run = (sql: string) => mapDatabaseUnavailable(() => orm.em.fork().getConnection().execute(sql));

  it('cancels a statement past the timeout and answers SERVICE_UNAVAILABLE naming it', async () => {
    const failure = await run('select pg_sleep(30)').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_TOO_SLOW_MESSAGE });
    await expect(run('select 1 as one')).resolves.toEqual([{ one: 1 }]);
  });

  it('fails a query that cannot get a connection from a full pool instead of waiting forever', async () => {
    const holder = orm.em.fork();
    // The pool's one connection is held by an open transaction until the waiting query has failed.
    await holder.transactional(async (tx) => {
      await tx.getConnection().execute('select 1', [], 'all', tx.getTransactionContext());
      const waiting = await run('select 2').catch((error: unknown) => error);
      expect(waiting).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    });
    await expect(run('select 3 as three')).resolves.toEqual([{ three: 3 }]);
  });
});
