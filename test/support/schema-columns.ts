import { Client } from 'pg';

export interface ColumnShape {
  type: string;
  nullable: boolean;
  /** A default, an identity or a generated value: an insert that leaves the column out still works. */
  filledIn: boolean;
}

/** Every column of the given schemas, keyed `schema.table.column`. */
export async function schemaColumns(url: string, schemas: string[]): Promise<Map<string, ColumnShape>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      key: string;
      type: string;
      nullable: boolean;
      filled_in: boolean;
    }>(
      `select table_schema || '.' || table_name || '.' || column_name as key, data_type as type,
              is_nullable = 'YES' as nullable,
              column_default is not null or is_identity = 'YES' or is_generated <> 'NEVER' as filled_in
         from information_schema.columns
        where table_schema = any($1)`,
      [schemas],
    );
    return new Map(
      rows.map((row) => [row.key, { type: row.type, nullable: row.nullable, filledIn: row.filled_in }]),
    );
  } finally {
    await client.end();
  }
}

/**
 * What would break a replica of the previous release on the new schema (deploy/README.md "Upgrades while the old
 * release serves"): a column it uses gone, retyped or newly NOT NULL, or a new NOT NULL column without a default on a
 * table it inserts into. `retired` names columns the previous release's code no longer uses (a contract step).
 */
export function changesTheOldReleaseCannotTake(
  before: Map<string, ColumnShape>,
  after: Map<string, ColumnShape>,
  retired: ReadonlySet<string> = new Set(),
): string[] {
  const problems: string[] = [];
  const oldTables = new Set([...before.keys()].map((key) => key.slice(0, key.lastIndexOf('.'))));
  for (const [key, old] of before) {
    if (retired.has(key)) continue;
    const now = after.get(key);
    if (!now) problems.push(`${key} was dropped or renamed`);
    else if (now.type !== old.type) problems.push(`${key} changed type from ${old.type} to ${now.type}`);
    else if (old.nullable && !now.nullable) problems.push(`${key} became NOT NULL`);
  }
  for (const [key, now] of after) {
    if (before.has(key) || !oldTables.has(key.slice(0, key.lastIndexOf('.')))) continue;
    if (!now.nullable && !now.filledIn) problems.push(`${key} was added NOT NULL without a default`);
  }
  return problems;
}
