import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The PostgreSQL server tests create their throwaway databases on: the machine's, unless TEST_DATABASE_URL says. */
export const TEST_DATABASE_SERVER_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates a fresh, empty database for one test file; `drop()` removes it and any connection still open to it. */
export async function createTestDatabase(prefix = 'pl_test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withServer((client) => client.query(`create database "${name}"`));
  const url = new URL(TEST_DATABASE_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      await withServer((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
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
