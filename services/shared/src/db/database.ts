import { MikroORM, type EntitySchema, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { Client } from 'pg';
import { idempotencyKeysMigration } from './idempotency-migration';
import { outboxDeadRowsMigration, outboxMigration } from './outbox-migration';
import { type NamedMigration } from './migration';
import { type Logger } from '../logging';
import { databasePool } from '../metrics/probes';

export interface DatabaseOptions {
  /** postgres://… of the server and database; the service's tables live in `schema` inside it. */
  url: string;
  /** The service's own PostgreSQL schema: 'admin', 'ai', 'signature'. */
  schema: string;
  entities: EntitySchema[];
  /** The service's migrations, oldest first; the outbox and idempotency-key migrations run before them. */
  migrations: NamedMigration[];
  logger?: Logger;
  pool?: DatabasePoolSettings;
}

/**
 * README "Configuration": DATABASE_POOL_MAX, DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_POOL_WAIT_MS,
 * MIGRATION_LOCK_TIMEOUT_MS.
 */
export interface DatabasePoolSettings {
  /** Connections this process may hold. */
  max: number;
  /** A statement running longer is cancelled by PostgreSQL; 0: no limit. */
  statementTimeoutMs: number;
  /** A query waiting longer for a free connection fails instead of hanging. */
  waitMs: number;
  /** A start waiting longer for the migration locks fails, naming the schema (default 120 s). */
  migrationLockWaitMs?: number;
}

export const DEFAULT_DATABASE_POOL: DatabasePoolSettings = {
  max: 10,
  statementTimeoutMs: 30_000,
  waitMs: 10_000,
  migrationLockWaitMs: 120_000,
};

/** The pool settings of one process, from its configuration. */
export function databasePoolSettings(config: {
  DATABASE_POOL_MAX: number;
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  DATABASE_POOL_WAIT_MS: number;
  MIGRATION_LOCK_TIMEOUT_MS: number;
}): DatabasePoolSettings {
  return {
    max: config.DATABASE_POOL_MAX,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    waitMs: config.DATABASE_POOL_WAIT_MS,
    migrationLockWaitMs: config.MIGRATION_LOCK_TIMEOUT_MS,
  };
}

export type Database = MikroORM;

const DEFAULT_MIGRATION_LOCK_WAIT_MS = 120_000;
/** PostgreSQL's lock_not_available: `lock_timeout` ran out. */
const LOCK_NOT_AVAILABLE = '55P03';

/** Connects, applies the service's pending migrations (in one transaction), and returns the ORM. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const pool = options.pool ?? DEFAULT_DATABASE_POOL;
  const config: Options = {
    clientUrl: options.url,
    schema: options.schema,
    entities: options.entities,
    extensions: [Migrator],
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: pool.max },
    driverOptions: {
      acquireConnectionTimeout: pool.waitMs,
      connection: pool.statementTimeoutMs > 0 ? { statement_timeout: pool.statementTimeoutMs } : {},
    },
    migrations: {
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
      migrationsList: [
        outboxMigration,
        outboxDeadRowsMigration,
        idempotencyKeysMigration,
        ...options.migrations,
      ],
    },
    debug: false,
    allowGlobalContext: false,
  };
  const orm = await MikroORM.init(config);
  measurePool(orm, options.schema);
  const lockWaitMs = pool.migrationLockWaitMs ?? DEFAULT_MIGRATION_LOCK_WAIT_MS;
  const applied = await whileHoldingMigrationLock(options.url, options.schema, lockWaitMs, async () => {
    await orm.em.getConnection().execute(`create schema if not exists "${options.schema}"`);
    return orm.getMigrator().up();
  }).catch(async (error: unknown) => {
    // A failed start must not leave its pool's connections open (they would hold the database until exit).
    await orm.close(true).catch(() => undefined);
    throw error;
  });
  if (applied.length > 0) {
    options.logger?.info(
      { schema: options.schema, migrations: applied.map((m) => m.name) },
      'migrations applied',
    );
  }
  return orm;
}

/** The pool's use (knex's tarn pool under MikroORM), read at each scrape until the ORM closes. */
function measurePool(orm: MikroORM, schema: string): void {
  const pool = () => orm.em.getConnection().getKnex().client.pool as TarnPool | undefined;
  const stop = databasePool.register(async () => {
    const current = pool();
    if (!current) return [];
    return [
      { labels: { schema, state: 'used' }, value: current.numUsed() },
      { labels: { schema, state: 'free' }, value: current.numFree() },
      { labels: { schema, state: 'pending' }, value: current.numPendingAcquires() },
    ];
  });
  const close = orm.close.bind(orm);
  orm.close = (force?: boolean) => {
    stop();
    return close(force);
  };
}

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/**
 * Replicas started together (`--scale ai-worker=3` on a fresh database) would run the same migrations at once and
 * fail on PostgreSQL's catalogue; a session advisory lock per schema lets one migrate while the others wait. Services
 * also share what lives outside their schemas (the `pg_trgm` extension, which two of them create): "if not exists"
 * is not safe against a concurrent create, so one database-wide lock lets one service migrate at a time.
 * The wait for both locks together is bounded (`lock_timeout`): a stuck holder fails the start with a message
 * naming the schema instead of hanging every start forever.
 */
async function whileHoldingMigrationLock<T>(
  url: string,
  schema: string,
  waitMs: number,
  work: () => Promise<T>,
): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + waitMs;
    for (const lock of ['promptloom-migrations', `promptloom-migrations:${schema}`]) {
      const left = Math.max(1, deadline - Date.now());
      await client.query(`set lock_timeout = ${left}`);
      await client.query('select pg_advisory_lock(hashtext($1))', [lock]).catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== LOCK_NOT_AVAILABLE) throw error;
        throw new Error(
          `Could not migrate schema "${schema}": another process held the migration lock for more than ` +
            `${waitMs} ms (MIGRATION_LOCK_TIMEOUT_MS). Is another start stuck migrating? See pg_locks for ` +
            "locktype 'advisory'.",
        );
      });
    }
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** True when the database answers a trivial query; for /readyz. */
export async function databaseIsReachable(orm: Database): Promise<boolean> {
  try {
    await orm.em.getConnection().execute('select 1');
    return true;
  } catch {
    return false;
  }
}
