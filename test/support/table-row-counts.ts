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
 * The row counts once each of `userIds` has reached the AI worker's copy of the names (it comes by event, after the
 * sign-up answered): taken before an attack, so that only the attack could change a count afterwards.
 */
export async function settledTableRowCounts(
  databaseUrl: string,
  userIds: number[],
): Promise<Record<string, number>> {
  await waitFor(
    async () => {
      const { rows } = await runSql(
        databaseUrl,
        'select count(*)::int as count from ai.user_names where user_id = any($1)',
        [userIds],
      );
      return rows[0].count === userIds.length;
    },
    `the names of users ${userIds.join(', ')} in ai.user_names`,
  );
  return tableRowCounts(databaseUrl);
}
