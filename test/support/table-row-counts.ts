import { runSql } from './sql';

/** The number of rows of every table of the product's schemas, by `schema.table`: to show nothing was written. */
export async function tableRowCounts(databaseUrl: string): Promise<Record<string, number>> {
  const { rows } = await runSql(
    databaseUrl,
    `select table_schema || '.' || table_name as name,
            (xpath('/row/c/text()', query_to_xml(format('select count(*) as c from %I.%I', table_schema, table_name),
              false, true, '')))[1]::text::int as count
       from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'public')
      order by 1`,
  );
  return Object.fromEntries(rows.map((row: { name: string; count: number }) => [row.name, row.count]));
}

export async function userExists(databaseUrl: string, userId: number): Promise<boolean> {
  return (await runSql(databaseUrl, 'select 1 from admin.users where id = $1', [userId])).rows.length === 1;
}
