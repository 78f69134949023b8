import { Client, Pool } from 'pg';

/**
 * Where limit counters live. `postgres`: one table per service schema, shared by every replica of that service, so
 * a limit holds however many replicas run. `memory`: this process only, for the embedded default (one process).
 */
export type LimitStore =
  | { kind: 'memory' }
  | { kind: 'postgres'; pool: Pool; schema: string; table: string; close(): Promise<void> };

export const MEMORY_LIMIT_STORE: LimitStore = { kind: 'memory' };

export const RATE_LIMIT_TABLE = 'rate_limits';

/** The limit store's own pool (LIMIT_STORE_*): how many connections, how long a check may wait for one and run. */
export interface LimitStoreSettings {
  poolMax: number;
  /** Longest wait for a free (or new) connection; past it the check fails and the limit's policy decides. */
  connectWaitMs: number;
  /** PostgreSQL cancels a counter query (lock waits included) running longer; the limit's policy decides. */
  statementTimeoutMs: number;
}

/**
 * The sign-in limits' store (the admin service; LIMIT_STORE_* set it): short enough that a store that does not answer
 * costs a sign-in well under a second, not the bus timeout. Those limits fail open, so a slow moment lets a check
 * through rather than refusing it.
 */
export const SIGN_IN_LIMIT_STORE_SETTINGS: LimitStoreSettings = {
  poolMax: 4,
  connectWaitMs: 300,
  statementTimeoutMs: 300,
};

/**
 * Every other store (AI calls, uploads, the gateway's requests): their limits that cost money fail closed, so a check
 * waits longer before a busy database turns a paying call into a 503; still well under the bus timeout.
 */
export const DEFAULT_LIMIT_STORE_SETTINGS: LimitStoreSettings = {
  poolMax: 4,
  connectWaitMs: 2_000,
  statementTimeoutMs: 2_000,
};

/** The settings from the configuration (README "Limits"). */
export function limitStoreSettings(config: {
  LIMIT_STORE_POOL_MAX: number;
  LIMIT_STORE_WAIT_MS: number;
  LIMIT_STORE_STATEMENT_TIMEOUT_MS: number;
}): LimitStoreSettings {
  return {
    poolMax: config.LIMIT_STORE_POOL_MAX,
    connectWaitMs: config.LIMIT_STORE_WAIT_MS,
    statementTimeoutMs: config.LIMIT_STORE_STATEMENT_TIMEOUT_MS,
  };
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Opens a bounded pool of its own, apart from the service's ORM pool (a limit check must not wait behind the
 * service's work, nor a flood of checks starve it), and makes sure the counters table exists: it is
 * rate-limiter-flexible's own table, so it is created here rather than by a migration.
 */
export async function openPostgresLimitStore(
  databaseUrl: string,
  schema: string,
  settings: LimitStoreSettings = DEFAULT_LIMIT_STORE_SETTINGS,
): Promise<LimitStore> {
  if (!IDENTIFIER.test(schema)) throw new Error(`Invalid limit store schema name: ${schema}`);
  const pool = new Pool({
    connectionString: databaseUrl,
    max: settings.poolMax,
    connectionTimeoutMillis: settings.connectWaitMs,
    statement_timeout: settings.statementTimeoutMs,
  });
  // A connection lost while idle must not crash the process: the next check fails and the limit's policy applies.
  pool.on('error', () => undefined);
  try {
    await createTableOnce(databaseUrl, schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { kind: 'postgres', pool, schema, table: RATE_LIMIT_TABLE, close: () => pool.end() };
}

/**
 * Replicas starting together both ran `create table if not exists` and one failed on PostgreSQL's catalogue
 * (duplicate key in pg_type): "if not exists" is not safe against a concurrent create. The migrations' advisory
 * lock of the schema, held for this transaction, makes them create it one at a time. On a connection of its own:
 * the lock may be held for a while by another replica's migrations, far past the counters' short timeouts.
 */
async function createTableOnce(databaseUrl: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
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
    await client.end();
  }
}

export async function closeLimitStore(store: LimitStore): Promise<void> {
  if (store.kind === 'postgres') await store.close();
}
