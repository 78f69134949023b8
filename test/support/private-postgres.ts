import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { freePort } from './processes';

const run = promisify(execFile);

export interface PrivatePostgres {
  /** postgres://… of the database `promptloom` on this server. */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

function binaries(): { initdb: string; pgCtl: string } {
  const versions = fs.readdirSync('/usr/lib/postgresql').sort();
  const bin = path.join('/usr/lib/postgresql', versions[versions.length - 1]!, 'bin');
  return { initdb: path.join(bin, 'initdb'), pgCtl: path.join(bin, 'pg_ctl') };
}

/**
 * A PostgreSQL server of this test's own (the machine's binaries, a temporary data folder, a free port), so a test
 * may stop and start it without touching the shared server other tests use. As root it runs as `postgres`.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const { initdb, pgCtl } = binaries();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'promptloom-pg-'));
  const port = await freePort();
  const asRoot = os.userInfo().uid === 0;
  if (asRoot) {
    const { uid, gid } = fs.statSync('/var/lib/postgresql');
    await chmod(dataDir, 0o700);
    await chown(dataDir, uid, gid);
  }
  const asPostgres = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  await asPostgres(initdb, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await asPostgres(pgCtl, [
      '-D',
      dataDir,
      '-o',
      options,
      '-w',
      '-l',
      path.join(dataDir, 'server.log'),
      'start',
    ]);
  };
  const stop = async () => {
    await asPostgres(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  const admin = new Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database promptloom');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/promptloom`,
    start,
    stop,
    async dispose() {
      await stop().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
