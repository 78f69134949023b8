import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { openDatabase } from '@promptloom/shared';
import { createTestDatabase, type TestDatabase } from '@promptloom/shared/testing';
import { REPO_ROOT } from '../support/processes';

const run = promisify(execFile);
const SCRIPT = path.join(REPO_ROOT, 'deploy/postgres-roles.sh');

/**
 * compose's postgres-init runs deploy/postgres-roles.sh: one role per service owning only its schema. Run here
 * with the machine's psql against the real PostgreSQL (trust auth, so passwords are set but not checked).
 */
describe('deploy/postgres-roles.sh', () => {
  let database: TestDatabase;
  const server = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const urlAs = (role: string) => `postgres://${role}@${server.host}/${database.name}`;

  const runScript = () =>
    run('sh', [SCRIPT], {
      env: {
        PATH: process.env.PATH,
        PGHOST: server.hostname,
        PGPORT: server.port || '5432',
        PGUSER: decodeURIComponent(server.username) || 'postgres',
        PGDATABASE: database.name,
        ADMIN_DB_PASSWORD: "a'dmin/@#pw",
        AI_WORKER_DB_PASSWORD: 'ai-pw',
        SIGNATURE_DB_PASSWORD: 'signature-pw',
        GATEWAY_DB_PASSWORD: 'gateway-pw',
      },
    });

  async function query(url: string, sql: string): Promise<unknown[]> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase('pl_roles');
    // An older single-role install: the ai schema's tables were created by the superuser.
    await query(urlAs(server.username || 'postgres'), 'create schema ai; create table ai.old_rows (id int)');
  });

  afterAll(() => database?.drop());

  it('gives each service its own schema, hands over old tables, and runs again without harm', async () => {
    await runScript();
    await runScript();

    const owners = await query(
      urlAs('postgres'),
      `select nspname as schema, pg_get_userbyid(nspowner) as owner from pg_namespace
        where nspname in ('admin', 'ai', 'signature', 'gateway') order by nspname`,
    );
    expect(owners).toEqual([
      { schema: 'admin', owner: 'promptloom_admin' },
      { schema: 'ai', owner: 'promptloom_ai' },
      { schema: 'gateway', owner: 'promptloom_gateway' },
      { schema: 'signature', owner: 'promptloom_signature' },
    ]);
    expect(
      await query(urlAs('postgres'), `select tableowner from pg_tables where tablename = 'old_rows'`),
    ).toEqual([{ tableowner: 'promptloom_ai' }]);
  });

  it('lets a service migrate its own schema as its role, and not read another service’s', async () => {
    await runScript();
    const orm = await openDatabase({
      url: urlAs('promptloom_admin'),
      schema: 'admin',
      entities: [],
      migrations: [],
    });
    await orm.close(true);
    expect(await query(urlAs('promptloom_admin'), 'select count(*)::int as n from admin.outbox')).toEqual([
      { n: 0 },
    ]);
    await expect(query(urlAs('promptloom_ai'), 'select * from admin.outbox')).rejects.toThrow(
      /permission denied for schema admin/,
    );
  });
});
