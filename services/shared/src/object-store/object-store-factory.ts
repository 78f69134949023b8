import path from 'node:path';
import { requireSettings, type Config } from '../config';
import { DiskObjectStore } from './disk-object-store';
import { type ObjectStore } from './object-store';
import { S3ObjectStore } from './s3-object-store';

/**
 * The object store from configuration: S3 / MinIO when S3_ENDPOINT is set (its bucket created if missing), else
 * the local disk under DATA_DIR/objects. The gateway (raw uploads, serving) and the signature service (images)
 * must get the same store from the same settings.
 */
export async function createObjectStore(config: Config): Promise<ObjectStore> {
  if (!config.S3_ENDPOINT) return new DiskObjectStore(path.resolve(config.DATA_DIR, 'objects'));
  const s3 = requireSettings(config, ['S3_ACCESS_KEY', 'S3_SECRET_KEY'], 'when S3_ENDPOINT is set');
  const store = new S3ObjectStore({
    endPoint: s3.S3_ENDPOINT!,
    port: s3.S3_PORT,
    useSSL: s3.S3_USE_SSL,
    accessKey: s3.S3_ACCESS_KEY,
    secretKey: s3.S3_SECRET_KEY,
    bucket: s3.S3_BUCKET,
    region: s3.S3_REGION,
  });
  await store.ensureBucket();
  return store;
}
