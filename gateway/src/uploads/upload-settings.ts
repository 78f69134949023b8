import { createObjectStore, loadConfig, type ObjectStore } from '@promptloom/shared';

/** What the gateway needs for uploads: the shared object store and the byte limit enforced while reading. */
export interface UploadSettings {
  objectStore: ObjectStore;
  maxBytes: number;
}

/** The given settings, or the ones the environment describes (S3_*, DATA_DIR, IMAGE_MAX_BYTES). */
export async function resolveUploadSettings(given: UploadSettings | undefined): Promise<UploadSettings> {
  if (given) return given;
  const config = loadConfig();
  return { objectStore: await createObjectStore(config), maxBytes: config.IMAGE_MAX_BYTES };
}
