import { Client } from 'pg';
import { BACKED_UP_SCHEMAS } from './backup-format';

/**
 * Restore migrates as the superuser (compose's `ops`), so the tables and functions it creates would be the
 * superuser's, which the services' own roles (deploy/postgres-roles.sh: each owns its schema) can neither read nor
 * replace in a later migration. Every object of a schema owned by another role is handed to that role, in one
 * transaction; a schema the restoring role owns itself (the embedded shape, a single-role install) is left as it is.
 */
export async function handOverToSchemaOwners(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ statement: string }>(HAND_OVER_STATEMENTS, [BACKED_UP_SCHEMAS]);
    for (const { statement } of rows) await client.query(statement);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Tables (their indexes and serial sequences go with them), sequences of no table, and functions. */
const HAND_OVER_STATEMENTS = `
  with owned as (
    select n.oid, n.nspname as schema, n.nspowner as owner from pg_namespace n
     where n.nspname = any($1) and n.nspowner <> (select oid from pg_roles where rolname = current_user)
  )
  select format('alter table %I.%I owner to %I', o.schema, c.relname, pg_get_userbyid(o.owner)) as statement
    from pg_class c join owned o on o.oid = c.relnamespace
   where c.relkind in ('r', 'p') and c.relowner <> o.owner
  union all
  select format('alter sequence %I.%I owner to %I', o.schema, c.relname, pg_get_userbyid(o.owner))
    from pg_class c join owned o on o.oid = c.relnamespace
   where c.relkind = 'S' and c.relowner <> o.owner
     and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))
  union all
  select format('alter routine %s owner to %I', p.oid::regprocedure, pg_get_userbyid(o.owner))
    from pg_proc p join owned o on o.oid = p.pronamespace
   where p.proowner <> o.owner`;
