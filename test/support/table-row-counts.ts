import { waitFor } from '@promptloom/shared/testing';
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

/**
 * The row counts once every signed-up user has reached the AI worker's copy of the names (it comes by event, after
 * the sign-up answered): taken before an attack, so that only the attack could change a count afterwards.
 */
export async function settledTableRowCounts(databaseUrl: string): Promise<Record<string, number>> {
  return (await waitFor(async () => {
    const counts = await tableRowCounts(databaseUrl);
    const users = counts['admin.users'] ?? 0;
    return users > 0 && counts['ai.user_names'] === users ? counts : undefined;
  }, "every user's name in ai.user_names"))!;
}
