import { INCOMING_PREFIX, tooManyRequests } from '@promptloom/proto';
import { type ObjectStore } from '@promptloom/shared';

/** How many uploads, and how many bytes, one user may have waiting to be processed or used. */
export interface PendingUploadLimits {
  maxCount: number;
  maxBytes: number;
}

/** Waiting uploads are processed within moments, so a client may try again soon. */
const RETRY_AFTER_SECONDS = 1;

export const DEFAULT_PENDING_UPLOAD_LIMITS: PendingUploadLimits = {
  maxCount: 10,
  maxBytes: 64 * 1024 * 1024,
};

/**
 * Admits an upload only while the user's pending uploads (`incoming/<userId>/…`, removed once processed or swept
 * after an hour) stay within the limits, else 429. Uploads of one user are admitted one at a time in this process,
 * so parallel uploads cannot all pass the check together; across gateway replicas a burst may overshoot by one
 * upload per replica.
 */
export class PendingUploadQuota {
  private readonly queues = new Map<number, Promise<unknown>>();

  constructor(
    private readonly objects: ObjectStore,
    private readonly limits: PendingUploadLimits,
  ) {}

  /** Runs `store` (which puts the upload) once the quota admits `size` more bytes for `userId`. */
  admit<T>(userId: number, size: number, store: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(userId) ?? Promise.resolve();
    const turn = previous
      .catch(() => undefined)
      .then(async () => {
        await this.check(userId, size);
        return store();
      });
    this.queues.set(userId, turn);
    void turn
      .finally(() => {
        if (this.queues.get(userId) === turn) this.queues.delete(userId);
      })
      .catch(() => undefined);
    return turn;
  }

  private async check(userId: number, size: number): Promise<void> {
    const keys = await this.objects.list(`${INCOMING_PREFIX}${userId}/`);
    if (keys.length >= this.limits.maxCount) {
      throw tooManyRequests(
        `Too many images waiting: at most ${this.limits.maxCount}. Use or wait for the ones uploaded first.`,
        RETRY_AFTER_SECONDS,
      );
    }
    let bytes = size;
    for (const key of keys) bytes += await this.sizeOf(key);
    if (bytes > this.limits.maxBytes) {
      throw tooManyRequests(
        `Too many image bytes waiting: at most ${Math.round(this.limits.maxBytes / 1024 / 1024)} MB. Use or wait for the ones uploaded first.`,
        RETRY_AFTER_SECONDS,
      );
    }
  }

  private async sizeOf(key: string): Promise<number> {
    const object = await this.objects.getStream(key);
    if (!object) return 0;
    object.body.destroy();
    return object.size;
  }
}
