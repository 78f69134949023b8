import { z } from 'zod';
import { BACKED_UP_SCHEMAS, BACKUP_FORMAT_VERSION, type BackupManifest } from './backup-format';

const name = z.string().regex(/^[a-z_][a-z0-9_]*$/, { error: 'must be a lower-case SQL name' });

/** A backup's manifest.json as read back: it comes from a file, so it is checked like any outside input. */
export const backupManifestSchema: z.ZodType<BackupManifest> = z.object({
  format: z.literal(BACKUP_FORMAT_VERSION, {
    error: `this release reads backup format ${BACKUP_FORMAT_VERSION}`,
  }),
  createdAt: z.string(),
  tables: z.array(
    z.object({ schema: z.enum(BACKED_UP_SCHEMAS), table: name, rows: z.number().int().min(0) }),
  ),
  migrations: z.record(z.string(), z.array(z.string())),
  objects: z.array(
    z.object({ key: z.string().min(1), contentType: z.string().min(1), size: z.number().int().min(0) }),
  ),
});
