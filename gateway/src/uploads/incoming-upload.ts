import { randomUUID } from 'node:crypto';
import { INCOMING_UPLOADED_AT as UPLOADED_AT, incomingKeyOf } from '@promptloom/proto';
import { type ObjectStore } from '@promptloom/shared';
import { type UploadedImage } from './multipart-image';

/**
 * Leaves a raw upload in the object store under `incoming/<userId>/<uuid>` for the signature service, which
 * checks it, stores the results and removes it. Bus messages carry only the key, never the bytes.
 */
export async function putIncoming(
  objects: ObjectStore,
  userId: number,
  image: UploadedImage,
): Promise<{ id: string; key: string }> {
  const id = randomUUID();
  const key = incomingKeyOf(userId, id);
  await objects.put(key, image.body, {
    contentType: 'application/octet-stream',
    metadata: { [UPLOADED_AT]: String(Date.now()) },
  });
  return { id, key };
}
