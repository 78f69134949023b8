import { hashPassword } from '@promptloom/admin';
import { createTestDatabase, waitFor, type TestDatabase } from '@promptloom/shared/testing';
import { startTestProduct } from '../support/embedded-product';
import { requestJson } from '../support/http';
import { startOldReleaseLoad } from '../support/old-release-load';
import { runSql } from '../support/sql';
import { OldReleaseWriter, type OldReleaseAccount } from '../support/old-release-writer';
import { SERVICE_SCHEMAS, appliedNames, migrateSchema, previousRelease } from '../support/previous-release';
import { changesTheOldReleaseCannotTake, schemaColumns } from '../support/schema-columns';

/** Columns the previous release's code no longer uses, dropped in this release (a contract step); none yet. */
const RETIRED_COLUMNS = new Set<string>();
const SCHEMAS = SERVICE_SCHEMAS.map(({ schema }) => schema);
const PASSWORD = 'an old release password';
/** Generous: three schemas migrated twice over, under load, on a loaded machine. */
const WAIT_MS = 120_000;

async function query<T extends object>(url: string, sql: string): Promise<T[]> {
  return (await runSql(url, sql)).rows as T[];
}

const appliedMigrations = async (url: string, schema: string) =>
  (await query<{ name: string }>(url, `select name from "${schema}".mikro_orm_migrations order by id`)).map(
    (row) => row.name,
  );

/** Every service's migrations run by two replicas starting at the same moment; resolves to the first error. */
const migrateAsTwoReplicas = (url: string) =>
  Promise.all(
    SERVICE_SCHEMAS.flatMap(({ schema, migrations }) => [
      migrateSchema(url, schema, migrations),
      migrateSchema(url, schema, migrations),
    ]),
  ).then(
    () => null,
    (error: unknown) => error,
  );

/** Statements of this database waiting for a table or row lock (advisory locks, the migrators' queue, aside). */
const lockWaits = async (url: string) =>
  (
    await query<{ n: number }>(
      url,
      `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where not l.granted and l.locktype <> 'advisory' and a.datname = current_database()`,
    )
  )[0]!.n;

/**
 * deploy/README.md "Upgrades while the old release serves": the newest migrations run while replicas of the
 * previous release go on reading and writing; nothing written before or during is lost, the previous release keeps
 * working on the new schema, and the current product then serves every account.
 */
describe('upgrading the database while the previous release serves', () => {
  const databases: TestDatabase[] = [];
  afterAll(() => Promise.all(databases.map((database) => database.drop())));

  it('lets two replicas starting at once on a fresh database migrate it: one migrates, the other finds it done', async () => {
    const database = await createTestDatabase('pl_migrate_race');
    databases.push(database);

    expect(await migrateAsTwoReplicas(database.url)).toBeNull();
    for (const { schema, migrations } of SERVICE_SCHEMAS) {
      expect(await appliedMigrations(database.url, schema)).toEqual(appliedNames(migrations));
    }
  });

  it('applies the newest migrations under the previous release’s load, losing nothing', async () => {
    const database = await createTestDatabase('pl_upgrade');
    for (const { schema, migrations } of SERVICE_SCHEMAS) {
      await migrateSchema(database.url, schema, previousRelease(migrations));
    }
    const before = await schemaColumns(database.url, SCHEMAS);
    const passwordHash = await hashPassword(PASSWORD);

    const load = startOldReleaseLoad(database.url, passwordHash, 3);
    let pending: OldReleaseAccount;
    let migration: unknown;
    let written: number;
    try {
      await waitFor(
        () => load.written.length >= 6 || load.failure(),
        'the old release’s first writes',
        WAIT_MS,
      );
      // An old replica's transaction is open as the migrations start: they wait for it or run around it.
      const inFlight = await OldReleaseWriter.connect(database.url);
      try {
        pending = await inFlight.begin('in-flight', passwordHash);
        let migrated = false;
        const migrating = migrateAsTwoReplicas(database.url).finally(() => (migrated = true));
        await waitFor(
          async () => migrated || (await lockWaits(database.url)) > 0,
          'the migrations to wait for the open transaction, or to finish',
          WAIT_MS,
        );
        await inFlight.commit();
        migration = await migrating;
      } finally {
        await inFlight.close();
      }
      written = load.written.length;
      await waitFor(
        () => load.written.length >= written + 6 || load.failure(),
        'the old release’s writes on the new schema',
        WAIT_MS,
      );
    } finally {
      await load.stop();
    }
    expect(migration).toBeNull();
    expect(load.failure()).toBeUndefined();
    expect(load.written.length).toBeGreaterThanOrEqual(written + 6);

    expect(
      changesTheOldReleaseCannotTake(before, await schemaColumns(database.url, SCHEMAS), RETIRED_COLUMNS),
    ).toEqual([]);
    // A replica of the previous release (re)starting now finds its migrations applied and the newer ones no obstacle.
    for (const { schema, migrations } of SERVICE_SCHEMAS) {
      await migrateSchema(database.url, schema, previousRelease(migrations));
      expect(await appliedMigrations(database.url, schema)).toEqual(appliedNames(migrations));
    }
    const accounts = [...load.written, pending!];
    const stored = await query<{ email: string; items: number; signatures: number }>(
      database.url,
      `select u.email,
              (select count(*) from ai.list_items i where i.user_id = u.id)::int as items,
              (select count(*) from signature.signatures s where s.user_id = u.id)::int as signatures
         from admin.users u order by u.email`,
    );
    expect(stored).toEqual(
      accounts
        .map((account) => ({ email: account.email, items: 1, signatures: 1 }))
        .sort((a, b) => (a.email < b.email ? -1 : 1)),
    );

    // The current product on the upgraded database: accounts from before, during and after the migrations.
    const product = await startTestProduct({ database });
    try {
      for (const account of [load.written[0]!, pending!, load.written.at(-1)!]) {
        const login = await requestJson(product.baseUrl, 'POST', '/api/login', {
          body: { email: account.email, password: PASSWORD },
        });
        expect({ status: login.status, id: login.body.user?.id }).toEqual({ status: 200, id: account.id });
        const token = login.body.access_token as string;
        const list = await requestJson(product.baseUrl, 'GET', `/api/ai/response/tl/get/${account.id}`, {
          token,
        });
        expect(list.body.ai_response.map((item: { ai_response: string }) => item.ai_response)).toEqual([
          account.item,
        ]);
        const signature = await requestJson(product.baseUrl, 'GET', `/api/br/signature/get/${account.id}`, {
          token,
        });
        expect(signature.body.data.signature).toEqual(account.names);
      }
    } finally {
      await product.stop();
    }
  }, 360_000); // three schemas migrated twice over under load, then the product started
});
