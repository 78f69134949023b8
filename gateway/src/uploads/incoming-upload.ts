import { randomUUID } from 'node:crypto';
import { INCOMING_UPLOADED_AT as UPLOADED_AT, incomingKeyOf } from '@promptloom/proto';
import { type ObjectStore } from '@promptloom/shared';
import { type UploadedImage } from './multipart-image';
import { type PendingUploadQuota } from './pending-quota';

/**
 * Leaves a raw upload in the object store under `incoming/<userId>/<uuid>` for the signature service, which
 * checks it, stores the results and removes it. Bus messages carry only the key, never the bytes. The user's
 * pending uploads must stay within `quota` (429 otherwise).
 */
export async function putIncoming(
  objects: ObjectStore,
  quota: PendingUploadQuota,
  userId: number,
  image: UploadedImage,
): Promise<{ id: string; key: string }> {
  const id = randomUUID();
  const key = incomingKeyOf(userId, id);
  await quota.admit(userId, image.body.length, () =>
    objects.put(key, image.body, {
      contentType: 'application/octet-stream',
      metadata: { [UPLOADED_AT]: String(Date.now()) },
    }),
  );
  return { id, key };
}
