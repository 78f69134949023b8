import { Client } from 'pg';
import { openDatabase } from './database';
import { createTestDatabase, type TestDatabase } from '../testing';

const SCHEMA = 'lock_test';
const settings = { max: 1, statementTimeoutMs: 0, waitMs: 5_000, migrationLockWaitMs: 300 };

/** MIGRATION_LOCK_TIMEOUT_MS: a start whose migration lock another connection holds fails clearly, never hangs. */
describe('the migration lock wait', () => {
  let database: TestDatabase;
  let holder: Client;

  beforeAll(async () => {
    database = await createTestDatabase('pl_miglock');
    holder = new Client({ connectionString: database.url });
    await holder.connect();
  });

  afterAll(async () => {
    await holder?.end();
    await database?.drop();
  });

  const open = () =>
    openDatabase({ url: database.url, schema: SCHEMA, entities: [], migrations: [], pool: settings });

  it('fails the start with a message naming the schema while another connection holds its lock', async () => {
    await holder.query('select pg_advisory_lock(hashtext($1))', [`promptloom-migrations:${SCHEMA}`]);
    await expect(open()).rejects.toThrow(
      /Could not migrate schema "lock_test": another process held the migration lock for more than 300 ms \(MIGRATION_LOCK_TIMEOUT_MS\)/,
    );
    const schemas = await holder.query('select 1 from pg_namespace where nspname = $1', [SCHEMA]);
    expect(schemas.rowCount).toBe(0);
  });

  it('fails the same way while the database-wide lock is held, and starts once the holder lets go', async () => {
    await holder.query('select pg_advisory_unlock_all()');
    await holder.query('select pg_advisory_lock(hashtext($1))', ['promptloom-migrations']);
    await expect(open()).rejects.toThrow(/Could not migrate schema "lock_test"/);

    await holder.query('select pg_advisory_unlock_all()');
    const orm = await open();
    try {
      const schemas = await holder.query('select 1 from pg_namespace where nspname = $1', [SCHEMA]);
      expect(schemas.rowCount).toBe(1);
    } finally {
      await orm.close(true);
    }
  });
});
