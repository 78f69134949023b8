/**
 * Before any test: are the servers and the browser the suite needs there? If not, stop at once with one line per
 * missing thing saying how to get it (the same commands as .ci/run), instead of hundreds of connection errors.
 * The globalSetup of the tiers that need servers (each checks what it needs), and run by `npm test` before any tier
 * (`node test/support/preflight.cjs`, everything).
 */
const { Client } = require('pg');
const { connect } = require('nats');
const { chromiumPath, executable } = require('./chromium-path.cjs');

const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.TEST_NATS_URL || 'nats://127.0.0.1:4222';
const TIMEOUT_MS = 5000;

const reason = (error) => (error && (error.code || error.message)) || String(error);

async function checkPostgres() {
  const client = new Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: TIMEOUT_MS });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (
      `PostgreSQL: cannot use ${DATABASE_URL} (${reason(error)}). Install it (apt-get install -y postgresql) and ` +
      'start it (pg_ctlcluster <version> main start) with trust auth for user postgres, or set TEST_DATABASE_URL.'
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function checkNats() {
  let connection;
  try {
    connection = await connect({ servers: NATS_URL, timeout: TIMEOUT_MS, reconnect: false });
    // Throws when the server runs without JetStream.
    await (await connection.jetstreamManager()).getAccountInfo();
    return null;
  } catch (error) {
    const why = String(error && error.code) === '503' ? 'JetStream is not enabled' : reason(error);
    return (
      `NATS with JetStream: cannot use ${NATS_URL} (${why}). Install nats-server (apt-get install -y ` +
      'nats-server) and start it with JetStream (nats-server -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server), ' +
      'or set TEST_NATS_URL.'
    );
  } finally {
    await connection?.close().catch(() => undefined);
  }
}

function checkChromium() {
  const path = chromiumPath();
  if (executable(path)) return null;
  return (
    `Chromium (browser tests): no executable at ${path}. Install its headless shell (apt-get install -y ` +
    'chromium-headless-shell), or set CHROMIUM_PATH.'
  );
}

/** The lines describing what is missing; empty when everything is there. Only the browser tier needs Chromium. */
async function missing({ browser = true } = {}) {
  const found = await Promise.all([
    checkPostgres(),
    checkNats(),
    Promise.resolve(browser ? checkChromium() : null),
  ]);
  return found.filter((line) => line !== null);
}

/** As a jest project's globalSetup: checks what that tier needs. */
module.exports = async function preflight(_globalConfig, projectConfig) {
  const tier = projectConfig?.displayName?.name;
  const lines = await missing({ browser: tier === undefined || tier === 'browser' });
  if (lines.length === 0) return;
  const error = new Error(`The test suite cannot run on this machine:\n${lines.join('\n')}`);
  error.stack = error.message;
  throw error;
};

if (require.main === module) {
  missing().then((lines) => {
    if (lines.length === 0) return;
    process.stderr.write(`The test suite cannot run on this machine:\n${lines.join('\n')}\n`);
    process.exit(1);
  });
}
