import { INCOMING_MAX_AGE_MS, INCOMING_PREFIX, INCOMING_UPLOADED_AT } from '@promptloom/proto';
import { type Logger, type ObjectStore } from '@promptloom/shared';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Removes raw uploads under `incoming/` older than `maxAgeMs` (or without an upload time): ones a client
 * uploaded and never named in `storeStream`. Every replica may sweep; deleting twice is harmless.
 */
export async function sweepIncoming(
  objects: ObjectStore,
  now = Date.now(),
  maxAgeMs = INCOMING_MAX_AGE_MS,
): Promise<number> {
  let removed = 0;
  for (const key of await objects.list(INCOMING_PREFIX)) {
    const object = await objects.getStream(key);
    if (!object) continue;
    object.body.destroy();
    const uploadedAt = Number(object.metadata[INCOMING_UPLOADED_AT]);
    if (Number.isFinite(uploadedAt) && now - uploadedAt < maxAgeMs) continue;
    await objects.delete(key);
    removed += 1;
  }
  return removed;
}

/** Sweeps every 10 minutes until the returned function is called. */
export function startIncomingSweeper(objects: ObjectStore, logger: Logger): () => void {
  const timer = setInterval(() => {
    sweepIncoming(objects).then(
      (removed) => removed > 0 && logger.info({ removed }, 'removed unused uploads'),
      (error: unknown) => logger.warn({ err: error }, 'sweeping unused uploads failed'),
    );
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
