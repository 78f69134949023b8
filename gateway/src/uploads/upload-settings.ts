import { createObjectStore, loadConfig, type ObjectStore } from '@promptloom/shared';
import { type PendingUploadLimits } from './pending-quota';

/** What the gateway needs for uploads: the shared object store and the byte limit enforced while reading. */
export interface UploadSettings {
  objectStore: ObjectStore;
  maxBytes: number;
  /** The most pixels an upload may declare (IMAGE_MAX_PIXELS); DEFAULT_MAX_PIXELS by default. */
  maxPixels?: number;
  /** Pending uploads per user (UPLOAD_MAX_PENDING_IMAGES / _BYTES); DEFAULT_PENDING_UPLOAD_LIMITS by default. */
  pendingLimits?: PendingUploadLimits;
}

/** The given settings, or the ones the environment describes (S3_*, DATA_DIR, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS). */
export async function resolveUploadSettings(given: UploadSettings | undefined): Promise<UploadSettings> {
  if (given) return given;
  const config = loadConfig();
  return {
    objectStore: await createObjectStore(config),
    maxBytes: config.IMAGE_MAX_BYTES,
    maxPixels: config.IMAGE_MAX_PIXELS,
    pendingLimits: { maxCount: config.UPLOAD_MAX_PENDING_IMAGES, maxBytes: config.UPLOAD_MAX_PENDING_BYTES },
  };
}
