import { createObjectStore, type Config, type Logger, type ObjectStore } from '@promptloom/shared';
import { runningEmbeddedDatabaseUrl, startEmbeddedDatabase } from '../embedded-database';

/** The database and object store the product uses: DATABASE_URL and S3_*, or the embedded ones in DATA_DIR. */
export interface BackupTarget {
  databaseUrl: string;
  objectStore: ObjectStore;
  /** True when the embedded product (`npm start`) is running on this DATA_DIR. */
  productRunning: boolean;
  close(): Promise<void>;
}

export async function openBackupTarget(config: Config, logger: Logger): Promise<BackupTarget> {
  const objectStore = await createObjectStore(config);
  if (config.DATABASE_URL) {
    return {
      databaseUrl: config.DATABASE_URL,
      objectStore,
      productRunning: false,
      close: async () => undefined,
    };
  }
  const running = await runningEmbeddedDatabaseUrl(config.DATA_DIR);
  if (running)
    return { databaseUrl: running, objectStore, productRunning: true, close: async () => undefined };
  const embedded = await startEmbeddedDatabase(config.DATA_DIR, logger);
  return { databaseUrl: embedded.url, objectStore, productRunning: false, close: () => embedded.stop() };
}
