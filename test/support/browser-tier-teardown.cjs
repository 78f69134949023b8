const { Client } = require('pg');
const { RUN_PREFIX_VARIABLE, closeAll } = require('./browser-worker.cjs');

const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * After the browser suites: closes what suites run in jest's own process left (their browser and products live in
 * this process then), and drops every database this run created that is still there.
 */
module.exports = async function tearDownBrowserTier() {
  await closeAll();
  const prefix = process.env[RUN_PREFIX_VARIABLE];
  if (!prefix) return;
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const left = await client.query('select datname from pg_database where left(datname, length($1)) = $1', [
      `${prefix}_`,
    ]);
    for (const { datname } of left.rows)
      await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
};
