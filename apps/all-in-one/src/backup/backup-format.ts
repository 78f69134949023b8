/**
 * A backup is a folder (README "Back up and restore"):
 *   manifest.json            what is in it: format version, time, each table's rows, each schema's migrations
 *   database/<schema>.<table>.jsonl   one JSON object per row
 *   objects/<key>            each stored object's bytes; their media types are in the manifest
 * Logical and version-independent: no pg_dump is needed (the embedded PostgreSQL ships none), and a backup taken
 * from one shape restores into the other.
 */
export const BACKUP_FORMAT_VERSION = 1;

/** The service schemas whose data is the product's; the gateway's request counters are not worth restoring. */
export const BACKED_UP_SCHEMAS = ['admin', 'ai', 'signature'] as const;

/** Tables of those schemas that are bookkeeping of the running code, not data: never copied. */
export const SKIPPED_TABLES = new Set(['mikro_orm_migrations', 'rate_limits']);

export interface BackupManifest {
  format: typeof BACKUP_FORMAT_VERSION;
  createdAt: string;
  tables: Array<{ schema: string; table: string; rows: number }>;
  /** Applied migrations per schema: a backup restores only into code that has at least these. */
  migrations: Record<string, string[]>;
  objects: Array<{ key: string; contentType: string; size: number }>;
}

export const tableFile = (schema: string, table: string) => `${schema}.${table}.jsonl`;
