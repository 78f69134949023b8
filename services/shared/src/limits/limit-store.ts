import { Pool } from 'pg';

/**
 * Where limit counters live. `postgres`: one table per service schema, shared by every replica of that service, so
 * a limit holds however many replicas run. `memory`: this process only, for the embedded default (one process).
 */
export type LimitStore =
  | { kind: 'memory' }
  | { kind: 'postgres'; pool: Pool; schema: string; table: string; close(): Promise<void> };

export const MEMORY_LIMIT_STORE: LimitStore = { kind: 'memory' };

export const RATE_LIMIT_TABLE = 'rate_limits';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Opens a small pool of its own (a limit check must not wait behind the service's ORM work) and makes sure the
 * counters table exists: it is rate-limiter-flexible's own table, so it is created here rather than by a migration.
 */
export async function openPostgresLimitStore(databaseUrl: string, schema: string): Promise<LimitStore> {
  if (!IDENTIFIER.test(schema)) throw new Error(`Invalid limit store schema name: ${schema}`);
  const pool = new Pool({ connectionString: databaseUrl, max: 4, connectionTimeoutMillis: 2000 });
  // A connection lost while idle must not crash the process: the next check fails and the limit's policy applies.
  pool.on('error', () => undefined);
  try {
    await createTableOnce(pool, schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { kind: 'postgres', pool, schema, table: RATE_LIMIT_TABLE, close: () => pool.end() };
}

/**
 * Replicas starting together both ran `create table if not exists` and one failed on PostgreSQL's catalogue
 * (duplicate key in pg_type): "if not exists" is not safe against a concurrent create. The migrations' advisory
 * lock of the schema, held for this transaction, makes them create it one at a time.
 */
async function createTableOnce(pool: Pool, schema: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`promptloom-migrations:${schema}`]);
    await client.query(`create schema if not exists "${schema}"`);
    await client.query(
      `create table if not exists "${schema}"."${RATE_LIMIT_TABLE}" (
         key varchar(255) primary key, points integer not null default 0, expire bigint)`,
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export async function closeLimitStore(store: LimitStore): Promise<void> {
  if (store.kind === 'postgres') await store.close();
}
