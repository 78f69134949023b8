#!/bin/sh
# One PostgreSQL role per service, each owning only its own schema. Run by compose's postgres-init at every start
# (idempotent: creates what is missing, sets the passwords from the environment, and hands over tables an older
# single-role install created as `promptloom`). Connection: PGHOST, PGUSER, PGPASSWORD, PGDATABASE.
set -eu
psql -v ON_ERROR_STOP=1 \
  -v admin_password="$ADMIN_DB_PASSWORD" \
  -v ai_password="$AI_WORKER_DB_PASSWORD" \
  -v signature_password="$SIGNATURE_DB_PASSWORD" \
  -v gateway_password="$GATEWAY_DB_PASSWORD" <<'SQL'
select format('create role %I login', role)
  from unnest(array['promptloom_admin', 'promptloom_ai', 'promptloom_signature', 'promptloom_gateway']) as role
 where not exists (select 1 from pg_roles where rolname = role)
\gexec
alter role promptloom_admin password :'admin_password';
alter role promptloom_ai password :'ai_password';
alter role promptloom_signature password :'signature_password';
alter role promptloom_gateway password :'gateway_password';

-- Each service runs `create schema if not exists` at start, which PostgreSQL checks against CREATE on the database.
select format('grant connect, create on database %I to %I', current_database(), role)
  from unnest(array['promptloom_admin', 'promptloom_ai', 'promptloom_signature', 'promptloom_gateway']) as role
\gexec

-- schema -> owner; nobody else is granted USAGE, so a service cannot read another's tables.
create temporary table schema_owner (schema_name text, owner text);
insert into schema_owner values
  ('admin', 'promptloom_admin'), ('ai', 'promptloom_ai'),
  ('signature', 'promptloom_signature'), ('gateway', 'promptloom_gateway');

select format('create schema if not exists %I authorization %I', schema_name, owner) from schema_owner
\gexec
select format('alter schema %I owner to %I', schema_name, owner) from schema_owner
\gexec
-- Tables (with their sequences) created by an older single-role install move to the schema's role.
select format('alter table %I.%I owner to %I', t.schemaname, t.tablename, o.owner)
  from pg_tables t join schema_owner o on o.schema_name = t.schemaname
 where t.tableowner <> o.owner
\gexec
SQL
echo "postgres roles ready"
