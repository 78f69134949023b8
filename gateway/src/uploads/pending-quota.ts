import {
  INCOMING_MAX_AGE_MS,
  INCOMING_PREFIX,
  INCOMING_UPLOADED_AT,
  tooManyRequests,
} from '@promptloom/proto';
import { type ObjectStore } from '@promptloom/shared';

/** How many uploads, and how many bytes, one user may have waiting to be processed or used. */
export interface PendingUploadLimits {
  maxCount: number;
  maxBytes: number;
}

export const DEFAULT_PENDING_UPLOAD_LIMITS: PendingUploadLimits = {
  maxCount: 10,
  maxBytes: 64 * 1024 * 1024,
};

/** A pending upload: its size, and when it stops counting (INCOMING_MAX_AGE_MS after it arrived; then swept). */
interface PendingUpload {
  size: number;
  expiresAt: number;
}

/**
 * Admits an upload only while the user's pending uploads (`incoming/<userId>/…`, removed once processed or swept
 * after an hour) stay within the limits, else 429 whose Retry-After is when enough of them expire (unless used
 * sooner). Expired ones no longer count, whether or not the sweeper has removed them yet. Uploads of one user are
 * admitted one at a time in this process, so parallel uploads cannot all pass the check together; across gateway
 * replicas a burst may overshoot by one upload per replica.
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
    const now = Date.now();
    const pending = (await this.pendingOf(userId))
      .filter((upload) => upload.expiresAt > now)
      .sort((a, b) => a.expiresAt - b.expiresAt);
    if (pending.length >= this.limits.maxCount) {
      // The count allows another once all but maxCount - 1 of them expired.
      const freeing = pending[pending.length - this.limits.maxCount];
      throw tooManyRequests(
        `Too many images waiting: at most ${this.limits.maxCount}. Use or wait for the ones uploaded first.`,
        secondsUntil(freeing?.expiresAt ?? now, now),
      );
    }
    let bytes = pending.reduce((sum, upload) => sum + upload.size, size);
    if (bytes > this.limits.maxBytes) {
      let freeing = pending[pending.length - 1];
      for (const upload of pending) {
        bytes -= upload.size;
        freeing = upload;
        if (bytes <= this.limits.maxBytes) break;
      }
      throw tooManyRequests(
        `Too many image bytes waiting: at most ${Math.round(this.limits.maxBytes / 1024 / 1024)} MB. Use or wait for the ones uploaded first.`,
        secondsUntil(freeing?.expiresAt ?? now, now),
      );
    }
  }

  private async pendingOf(userId: number): Promise<PendingUpload[]> {
    const pending: PendingUpload[] = [];
    for (const key of await this.objects.list(`${INCOMING_PREFIX}${userId}/`)) {
      const object = await this.objects.getStream(key);
      if (!object) continue;
      object.body.destroy();
      const uploadedAt = Number(object.metadata[INCOMING_UPLOADED_AT]);
      // Without an upload time the sweeper removes it at its next round: it counts as expired, like there.
      const expiresAt = Number.isFinite(uploadedAt) ? uploadedAt + INCOMING_MAX_AGE_MS : 0;
      pending.push({ size: object.size, expiresAt });
    }
    return pending;
  }
}

function secondsUntil(time: number, now: number): number {
  return Math.max(1, Math.ceil((time - now) / 1000));
}
