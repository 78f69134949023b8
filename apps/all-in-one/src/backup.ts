import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createLogger, loadConfig } from '@promptloom/shared';
import { BACKUP_FORMAT_VERSION, type BackupManifest } from './backup/backup-format';
import { openBackupTarget } from './backup/backup-target';
import { backupObjects } from './backup/copy-objects';
import { dumpDatabase } from './backup/dump-database';
import { PRIVATE_FILE_MODE, claimPrivateFolder, makePrivateFolder } from './backup/private-files';
import { print, runCommand } from './cli';

const USAGE = `Usage: npm run backup -- --out <new folder>
Copies the product's data (every service's tables and every stored image) into a new folder, while it runs.
Uses DATABASE_URL and S3_* when set (the distributed shape); otherwise the embedded database and DATA_DIR.`;

/** `npm run backup`: a consistent, logical copy of the product's data (README "Back up and restore"). */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) return print(USAGE, 0);
  if (!values.out) return print(`--out is required.\n${USAGE}`, 2);
  const folder = path.resolve(values.out);
  if ((await readdir(folder).catch(() => [])).length > 0) {
    return print(`${folder} is not empty: a backup goes into a new folder.`, 2);
  }
  const notPrivate = await claimPrivateFolder(folder);
  if (notPrivate) return print(notPrivate, 2);
  await makePrivateFolder(path.join(folder, 'database'));

  const config = loadConfig();
  const target = await openBackupTarget(config, createLogger('backup', 'warn'));
  try {
    const { tables, migrations } = await dumpDatabase(target.databaseUrl, path.join(folder, 'database'));
    const objects = await backupObjects(target.objectStore, folder);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      tables,
      migrations,
      objects,
    };
    // Written last: a folder without its manifest is an unfinished backup, and restore refuses it.
    await writeFile(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: PRIVATE_FILE_MODE,
    });
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    return print(
      `Backed up ${rows} rows in ${tables.length} tables and ${objects.length} objects to ${folder}`,
      0,
    );
  } finally {
    await target.close();
  }
}

runCommand('backup', main);
