import { createHash, randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The PostgreSQL server tests create their throwaway databases on: the machine's, unless TEST_DATABASE_URL says. */
export const TEST_DATABASE_SERVER_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * What every copy of a template database starts as. The template is made once per `key` on the server (by the first
 * test that asks, under a lock) and then copied by PostgreSQL (`create database … template …`), which takes a
 * fraction of the time running the migrations again would.
 */
export interface DatabaseTemplate {
  /** Names what `prepare` produces; a new key (say, a new migration) makes a new template. */
  key: string;
  /** Brings an empty database to the state every copy starts in. Closes every connection it opened. */
  prepare(url: string): Promise<void>;
}

/**
 * Creates a database for one test file: empty, or a copy of `template`. `drop()` removes it and any connection still
 * open to it.
 */
export async function createTestDatabase(
  prefix = 'pl_test',
  template?: DatabaseTemplate,
): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  if (template) {
    const templateName = await ensureTemplate(template);
    await withServer((client) => copyDatabase(client, templateName, name));
  } else {
    await withServer((client) => client.query(`create database "${name}"`));
  }
  return {
    url: urlOf(name),
    name,
    drop: async () => {
      await withServer((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/** Hashes what makes a template what it is (migration names and code) into a short key. */
export function templateKeyOf(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
}

const TEMPLATE_LOCK = 'promptloom test database templates';
/** PostgreSQL's object_in_use: someone is connected to the template being copied. */
const OBJECT_IN_USE = '55006';

/** The template's name, made first if no test on this server made it yet (one maker at a time, across processes). */
async function ensureTemplate(template: DatabaseTemplate): Promise<string> {
  const name = `pl_template_${template.key}`;
  return withServer(async (client) => {
    if (await databaseExists(client, name)) return name;
    await client.query('select pg_advisory_lock(hashtext($1))', [TEMPLATE_LOCK]);
    try {
      if (await databaseExists(client, name)) return name;
      const building = `${name}_building`;
      await client.query(`drop database if exists "${building}" with (force)`);
      await client.query(`create database "${building}"`);
      await template.prepare(urlOf(building));
      // Renamed only when complete: a template that exists is a whole one. Nobody may connect to it afterwards,
      // since a copy is refused while anyone is connected.
      await client.query(`alter database "${building}" rename to "${name}"`);
      await client.query(`alter database "${name}" with allow_connections false is_template true`);
      return name;
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [TEMPLATE_LOCK]);
    }
  });
}

async function copyDatabase(client: Client, templateName: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`create database "${name}" template "${templateName}"`);
      return;
    } catch (error) {
      // Another copy of the same template starting at this very moment; PostgreSQL allows one at a time.
      if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

async function databaseExists(client: Client, name: string): Promise<boolean> {
  const found = await client.query('select 1 from pg_database where datname = $1', [name]);
  return found.rowCount === 1;
}

function urlOf(name: string): string {
  const url = new URL(TEST_DATABASE_SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withServer<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_DATABASE_SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
