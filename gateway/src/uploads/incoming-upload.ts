import { randomUUID } from 'node:crypto';
import { INCOMING_UPLOADED_AT as UPLOADED_AT, incomingKeyOf } from '@promptloom/proto';
import { type ObjectStore } from '@promptloom/shared';
import { requireDecodableImage } from './decoded-image';
import { type UploadedImage } from './multipart-image';
import { type PendingUploadQuota } from './pending-quota';

/**
 * Leaves a raw upload in the object store under `incoming/<userId>/<uuid>` for the signature service, which
 * processes it, stores the results and removes it. Bus messages carry only the key, never the bytes. An upload
 * that does not decode within `maxPixels` is refused first (422, nothing stored or counted); the user's pending
 * uploads must stay within `quota` (429 otherwise).
 */
export async function putIncoming(
  objects: ObjectStore,
  quota: PendingUploadQuota,
  userId: number,
  image: UploadedImage,
  maxPixels: number,
): Promise<{ id: string; key: string }> {
  await requireDecodableImage(image.body, maxPixels);
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
