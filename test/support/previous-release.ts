import { ADMIN_SCHEMA, adminMigrations } from '@promptloom/admin';
import { AI_SCHEMA, aiMigrations } from '@promptloom/ai-worker';
import {
  idempotencyKeysMigration,
  openDatabase,
  outboxDeadRowsMigration,
  outboxMigration,
  type NamedMigration,
} from '@promptloom/shared';
import { SIGNATURE_SCHEMA, signatureMigrations } from '@promptloom/signature-stream';

/** Each service's schema and its migrations, oldest first, as the current code runs them. */
export const SERVICE_SCHEMAS = [
  { schema: ADMIN_SCHEMA, migrations: adminMigrations },
  { schema: AI_SCHEMA, migrations: aiMigrations },
  { schema: SIGNATURE_SCHEMA, migrations: signatureMigrations },
] as const;

/**
 * There are no release tags: the previous release is each service's migration list less its newest `newest`
 * migrations (deploy/README.md "Upgrades while the old release serves"), so the definition follows the lists as
 * migrations are added.
 */
export function previousRelease(migrations: NamedMigration[], newest = 1): NamedMigration[] {
  return migrations.slice(0, Math.max(0, migrations.length - newest));
}

/**
 * What a service's `mikro_orm_migrations` holds once `migrations` ran: the outbox's two and the idempotency keys'
 * first, each once.
 */
export function appliedNames(migrations: NamedMigration[]): string[] {
  return [
    outboxMigration.name,
    outboxDeadRowsMigration.name,
    idempotencyKeysMigration.name,
    ...migrations.map((m) => m.name),
  ];
}

/** Runs `migrations` on `schema` as a service starting would (openDatabase), then lets go of the connection. */
export async function migrateSchema(
  url: string,
  schema: string,
  migrations: NamedMigration[],
): Promise<void> {
  const orm = await openDatabase({ url, schema, entities: [], migrations });
  await orm.close(true);
}
