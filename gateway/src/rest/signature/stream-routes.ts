import { Router } from 'express';
import {
  IMAGE_REQUIRED,
  StreamFormFields,
  UserStreamsRequest,
  fieldErrorsOf,
  invalidInput,
  parseInput,
  streamOperations,
} from '@promptloom/proto';
import { callWith, type Bus } from '@promptloom/shared';
import { callAsWith } from '../../auth/call-as';
import { callerOfHttp } from '../../auth/caller';
import { refuseEarly } from '../../auth/early-refusal';
import { DEFAULT_MAX_PIXELS } from '../../uploads/decoded-image';
import { putIncoming } from '../../uploads/incoming-upload';
import { DEFAULT_PENDING_UPLOAD_LIMITS, PendingUploadQuota } from '../../uploads/pending-quota';
import { readMultipartImage } from '../../uploads/multipart-image';
import { type UploadSettings } from '../../uploads/upload-settings';

const AI_TIMEOUT_MS = 65_000;
const UPLOAD_TIMEOUT_MS = 60_000;

/** SPEC §7 `POST /api/stream/store/{userId}` and the Stream page's prompt, refine and upload calls. */
export function streamRoutes(bus: Bus, uploads: UploadSettings): Router {
  const router = Router();
  const ops = streamOperations;
  const quota = new PendingUploadQuota(
    uploads.objectStore,
    uploads.pendingLimits ?? DEFAULT_PENDING_UPLOAD_LIMITS,
  );
  const maxPixels = uploads.maxPixels ?? DEFAULT_MAX_PIXELS;

  router.post('/api/stream/prompt', async (request, response) => {
    response.json(await callAsWith(callerOfHttp(request), bus, ops.buildPrompt, () => request.body ?? {}));
  });

  router.post('/api/stream/refine', async (request, response) => {
    const options = { timeoutMs: AI_TIMEOUT_MS };
    response.json(
      await callAsWith(callerOfHttp(request), bus, ops.refine, () => request.body ?? {}, options),
    );
  });

  router.get('/api/stream/get/:userId', async (request, response) => {
    const input = { userId: request.params.userId };
    response.json(await callAsWith(callerOfHttp(request), bus, ops.list, () => input));
  });

  /** Multipart: user_id, signature, signatureElements, Hyper_realistic, 8k, 4k, finalprompt and the image. */
  router.post('/api/stream/store/:userId', async (request, response) => {
    // The path's user must be the caller (a write): decided before any byte of the body is read.
    const caller = callerOfHttp(request);
    refuseEarly(ops.store, caller);
    const { userId } = parseInput(UserStreamsRequest, { userId: request.params.userId });
    const actor = refuseEarly(ops.store, caller, { userId })!;
    const form = await readMultipartImage(request, uploads.maxBytes);
    const fields = StreamFormFields.safeParse(form.fields);
    if (!fields.success || !form.image) {
      const errors = fields.success ? {} : fieldErrorsOf(fields.error);
      if (!form.image) errors.image = [IMAGE_REQUIRED];
      throw invalidInput(errors);
    }
    const { key } = await putIncoming(uploads.objectStore, quota, actor.userId, form.image, maxPixels);
    try {
      const input = { ...form.fields, userId, upload: { key, filename: form.image.filename.slice(0, 255) } };
      const options = { context: request.context, timeoutMs: UPLOAD_TIMEOUT_MS };
      response.json(await callWith(bus, ops.store, input, options));
    } finally {
      // The service removes it too; this covers a service that never answered.
      await uploads.objectStore.delete(key).catch(() => undefined);
    }
  });

  /**
   * For GraphQL clients: the image alone, kept under `incoming/` until the `storeStream` mutation names its
   * `upload_id` (which only its uploader can use).
   */
  router.post('/api/uploads/images', async (request, response) => {
    // No operation yet (the upload waits under incoming/ for `storeStream`): any signed-in caller, as that one.
    const actor = refuseEarly(ops.store, callerOfHttp(request))!;
    const form = await readMultipartImage(request, uploads.maxBytes);
    if (!form.image) throw invalidInput({ image: [IMAGE_REQUIRED] });
    const { id } = await putIncoming(uploads.objectStore, quota, actor.userId, form.image, maxPixels);
    response.status(201).json({ status: true, upload_id: id });
  });

  return router;
}
