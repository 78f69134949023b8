import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { startAdminService } from '@promptloom/admin';
import { startAiWorker } from '@promptloom/ai-worker';
import { startSignatureService } from '@promptloom/signature-stream';
import {
  GeneratedBusKeys,
  InProcessBus,
  SignedBus,
  createLogger,
  loadConfig,
  type Logger,
  type ObjectStore,
} from '@promptloom/shared';
import { openBackupTarget } from './backup/backup-target';
import { restoreObjects } from './backup/copy-objects';
import { handOverToSchemaOwners } from './backup/hand-over-ownership';
import { loadDatabase } from './backup/load-database';
import { backupManifestSchema } from './backup/manifest-schema';
import { print, runCommand } from './cli';

const USAGE = `Usage: npm run restore -- --from <backup folder> [--replace]
Puts a backup's data into the product's database and object store, with the product stopped. Refuses a database
that already has users unless --replace is given (its data is then replaced, in one transaction).
Uses DATABASE_URL (a role that owns every schema, e.g. the superuser) and S3_* when set; otherwise DATA_DIR.`;

/** `npm run restore`: the other half of `npm run backup` (README "Back up and restore"). */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, replace: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help) return print(USAGE, 0);
  if (!values.from) return print(`--from is required.\n${USAGE}`, 2);
  const folder = path.resolve(values.from);
  const raw = await readFile(path.join(folder, 'manifest.json'), 'utf8').catch(() => null);
  if (raw === null) return print(`${folder} has no manifest.json: not a finished backup.`, 2);
  const parsed = backupManifestSchema.safeParse(parseJson(raw));
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'manifest'}: ${issue.message}`,
    );
    return print(`${folder}/manifest.json is not a backup manifest:\n  ${problems.join('\n  ')}`, 2);
  }

  const config = loadConfig();
  const logger = createLogger('restore', 'warn');
  const target = await openBackupTarget(config, logger);
  try {
    if (target.productRunning)
      return print('Stop the product (npm start) first: restore needs it stopped.', 2);
    await migrate(target.databaseUrl, target.objectStore, logger);
    await handOverToSchemaOwners(target.databaseUrl);
    if (!values.replace && (await userCount(target.databaseUrl)) > 0) {
      return print('This database already has users: restore into an empty one, or add --replace.', 2);
    }
    await loadDatabase(target.databaseUrl, folder, parsed.data);
    await restoreObjects(target.objectStore, folder, parsed.data);
    return print(`Restored the backup of ${parsed.data.createdAt} from ${folder}`, 0);
  } finally {
    await target.close();
  }
}

/** Every service's migrations, as at its start: the schemas exist and are this release's. */
async function migrate(databaseUrl: string, objectStore: ObjectStore, logger: Logger): Promise<void> {
  const bus = new InProcessBus({ requestTimeoutMs: 30_000 });
  const keys = new GeneratedBusKeys();
  const busOf = (signer: 'admin' | 'ai' | 'signature') => new SignedBus(bus, { keys: keys.for(signer) });
  const services = [
    await startAdminService({ databaseUrl, bus: busOf('admin'), logger, publishEvents: false }),
    await startAiWorker({
      databaseUrl,
      bus: busOf('ai'),
      logger,
      provider: {},
      publishEvents: false,
      consumeJobs: false,
    }),
    await startSignatureService({ databaseUrl, bus: busOf('signature'), logger, objectStore }),
  ];
  for (const service of services) await service.stop();
  await bus.close();
}

async function userCount(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from admin.users');
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

runCommand('restore', main);
