import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { Client } from 'pg';
import { BACKED_UP_SCHEMAS, SKIPPED_TABLES, tableFile, type BackupManifest } from './backup-format';
import { PRIVATE_FILE_MODE } from './private-files';

const BATCH_ROWS = 1_000;

/**
 * Writes every table of the service schemas as JSON lines, all read in one REPEATABLE READ transaction: a
 * consistent snapshot while the product keeps running.
 */
export async function dumpDatabase(
  databaseUrl: string,
  folder: string,
): Promise<Pick<BackupManifest, 'tables' | 'migrations'>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const tables: BackupManifest['tables'] = [];
    for (const { schema, table } of await listTables(client)) {
      if (SKIPPED_TABLES.has(table)) continue;
      tables.push({ schema, table, rows: await dumpTable(client, schema, table, folder) });
    }
    const migrations = await appliedMigrations(client);
    await client.query('commit');
    return { tables, migrations };
  } finally {
    await client.end();
  }
}

export async function listTables(client: Client): Promise<Array<{ schema: string; table: string }>> {
  const { rows } = await client.query<{ schema: string; table: string }>(
    `select table_schema as schema, table_name as table from information_schema.tables
      where table_schema = any($1) and table_type = 'BASE TABLE' order by table_schema, table_name`,
    [BACKED_UP_SCHEMAS],
  );
  return rows;
}

export async function appliedMigrations(client: Client): Promise<Record<string, string[]>> {
  const migrations: Record<string, string[]> = {};
  for (const schema of BACKED_UP_SCHEMAS) {
    const exists = await client.query(`select to_regclass($1) as name`, [`"${schema}".mikro_orm_migrations`]);
    if (!exists.rows[0].name) continue;
    const { rows } = await client.query<{ name: string }>(
      `select name from "${schema}".mikro_orm_migrations order by id`,
    );
    migrations[schema] = rows.map((row) => row.name);
  }
  return migrations;
}

/** Reads the table through a cursor, so a large table never sits in memory whole. */
async function dumpTable(client: Client, schema: string, table: string, folder: string): Promise<number> {
  const out = createWriteStream(path.join(folder, tableFile(schema, table)), { mode: PRIVATE_FILE_MODE });
  const cursor = `backup_${schema}_${table}`;
  await client.query(
    `declare "${cursor}" no scroll cursor for select row_to_json(t) as row from "${schema}"."${table}" t`,
  );
  let rows = 0;
  for (;;) {
    const batch = await client.query<{ row: unknown }>(`fetch ${BATCH_ROWS} from "${cursor}"`);
    for (const { row } of batch.rows) {
      if (!out.write(`${JSON.stringify(row)}\n`)) await once(out, 'drain');
    }
    rows += batch.rows.length;
    if (batch.rows.length < BATCH_ROWS) break;
  }
  await client.query(`close "${cursor}"`);
  out.end();
  await once(out, 'finish');
  return rows;
}
