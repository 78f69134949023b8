import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from 'pg';
import { tableFile, type BackupManifest } from './backup-format';
import { appliedMigrations } from './dump-database';

const BATCH_ROWS = 500;

/**
 * Replaces the data of the backed-up tables with the backup's, in one transaction: the database holds the old
 * data or all of the backup, never a mix. The schemas must exist (the services' migrations ran) and have at least
 * the backup's migrations. Needs a role that may set session_replication_role (the superuser), so rows load in any
 * order whatever their foreign keys.
 */
export async function loadDatabase(
  databaseUrl: string,
  folder: string,
  manifest: BackupManifest,
): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    assertMigrationsCover(await appliedMigrations(client), manifest.migrations);
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    if (manifest.tables.length > 0) {
      await client.query(
        `truncate ${manifest.tables.map(({ schema, table }) => `"${schema}"."${table}"`).join(', ')}`,
      );
    }
    for (const { schema, table } of manifest.tables) {
      await loadTable(client, schema, table, path.join(folder, 'database', tableFile(schema, table)));
      await resetSequences(client, schema, table);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

function assertMigrationsCover(target: Record<string, string[]>, backup: Record<string, string[]>): void {
  for (const [schema, names] of Object.entries(backup)) {
    const missing = names.filter((name) => !(target[schema] ?? []).includes(name));
    if (missing.length > 0) {
      throw new Error(
        `The backup comes from a newer release: schema "${schema}" lacks migrations ${missing.join(', ')}. Restore it with that release or later.`,
      );
    }
  }
}

async function loadTable(client: Client, schema: string, table: string, file: string): Promise<void> {
  const insert = `insert into "${schema}"."${table}" select * from json_populate_recordset(null::"${schema}"."${table}", $1::json)`;
  let batch: unknown[] = [];
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(JSON.parse(line));
    if (batch.length === BATCH_ROWS) {
      await client.query(insert, [JSON.stringify(batch)]);
      batch = [];
    }
  }
  if (batch.length > 0) await client.query(insert, [JSON.stringify(batch)]);
}

/** Every serial or identity column's sequence continues after the restored rows. */
async function resetSequences(client: Client, schema: string, table: string): Promise<void> {
  const { rows } = await client.query<{ column: string; sequence: string }>(
    `select a.attname as column, pg_get_serial_sequence(format('%I.%I', $1::text, $2::text), a.attname) as sequence
       from pg_attribute a
      where a.attrelid = format('%I.%I', $1::text, $2::text)::regclass and a.attnum > 0 and not a.attisdropped
        and pg_get_serial_sequence(format('%I.%I', $1::text, $2::text), a.attname) is not null`,
    [schema, table],
  );
  for (const { column, sequence } of rows) {
    await client.query(
      `select setval($1, coalesce((select max("${column}") from "${schema}"."${table}"), 0) + 1, false)`,
      [sequence],
    );
  }
}
