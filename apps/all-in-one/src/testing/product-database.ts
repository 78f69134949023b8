import { ADMIN_SCHEMA, adminMigrations } from '@promptloom/admin';
import { AI_SCHEMA, aiMigrations } from '@promptloom/ai-worker';
import {
  idempotencyKeysMigration,
  openDatabase,
  outboxDeadRowsMigration,
  outboxMigration,
  type NamedMigration,
} from '@promptloom/shared';
import { createTestDatabase, templateKeyOf, type DatabaseTemplate } from '@promptloom/shared/testing';
import { SIGNATURE_SCHEMA, signatureMigrations } from '@promptloom/signature-stream';

/** Every schema of the product with its migrations, as the services apply them when they start. */
const PRODUCT_SCHEMAS: Array<{ schema: string; migrations: NamedMigration[] }> = [
  { schema: ADMIN_SCHEMA, migrations: adminMigrations },
  { schema: SIGNATURE_SCHEMA, migrations: signatureMigrations },
  { schema: AI_SCHEMA, migrations: aiMigrations },
];

/** The migrations openDatabase applies in every schema before the service's own. */
const SHARED_MIGRATIONS = [outboxMigration, outboxDeadRowsMigration, idempotencyKeysMigration];

/** A database with every migration of the product applied, as each service leaves it on its first start. */
const MIGRATED_PRODUCT: DatabaseTemplate = {
  key: templateKeyOf(
    ...[{ schema: '*', migrations: SHARED_MIGRATIONS }, ...PRODUCT_SCHEMAS].flatMap(
      ({ schema, migrations }) =>
        migrations.map((migration) => `${schema}:${migration.name}:${migration.class.toString()}`),
    ),
  ),
  async prepare(url) {
    for (const { schema, migrations } of PRODUCT_SCHEMAS) {
      const orm = await openDatabase({ url, schema, entities: [], migrations });
      await orm.close(true);
    }
  },
};

/**
 * A fresh database for one product under test, already migrated: a copy of a template made once per set of
 * migrations, so a product starts without running its migrations again. The services still check for pending ones.
 */
export function createProductTestDatabase(prefix = 'pl_test'): ReturnType<typeof createTestDatabase> {
  return createTestDatabase(prefix, MIGRATED_PRODUCT);
}
