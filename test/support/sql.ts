import { Client } from 'pg';

/** Runs one SQL statement on a test database (to look at rows, or to break something on purpose). */
export async function runSql(databaseUrl: string, text: string, values: unknown[] = []) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
