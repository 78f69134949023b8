import { Router, type Request } from 'express';
import {
  IMAGE_REQUIRED,
  StreamFormFields,
  UserStreamsRequest,
  fieldErrorsOf,
  invalidInput,
  parseInput,
  requireOwnedAccess,
  streamOperations,
} from '@promptloom/proto';
import { callWith, type Bus } from '@promptloom/shared';
import { requirePathAccess, requireRequestActor } from '../../auth/guards';
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
    requireRequestActor(request);
    response.json(await callWith(bus, ops.buildPrompt, request.body ?? {}, { context: request.context }));
  });

  router.post('/api/stream/refine', async (request, response) => {
    requireRequestActor(request);
    const options = { context: request.context, timeoutMs: AI_TIMEOUT_MS };
    response.json(await callWith(bus, ops.refine, request.body ?? {}, options));
  });

  router.get('/api/stream/get/:userId', async (request, response) => {
    requirePathAccess(request, 'read', request.params.userId);
    const input = { userId: request.params.userId };
    response.json(await callWith(bus, ops.list, input, { context: request.context }));
  });

  /** Multipart: user_id, signature, signatureElements, Hyper_realistic, 8k, 4k, finalprompt and the image. */
  router.post('/api/stream/store/:userId', async (request, response) => {
    const userId = requireOwnUser(request);
    const form = await readMultipartImage(request, uploads.maxBytes);
    const fields = StreamFormFields.safeParse(form.fields);
    if (!fields.success || !form.image) {
      const errors = fields.success ? {} : fieldErrorsOf(fields.error);
      if (!form.image) errors.image = [IMAGE_REQUIRED];
      throw invalidInput(errors);
    }
    const { key } = await putIncoming(
      uploads.objectStore,
      quota,
      request.context.actor!.userId,
      form.image,
      maxPixels,
    );
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
    const actor = requireRequestActor(request);
    const form = await readMultipartImage(request, uploads.maxBytes);
    if (!form.image) throw invalidInput({ image: [IMAGE_REQUIRED] });
    const { id } = await putIncoming(uploads.objectStore, quota, actor.userId, form.image, maxPixels);
    response.status(201).json({ status: true, upload_id: id });
  });

  return router;
}

/** The path's user, who must be the caller (a write): checked before any byte of the body is read. */
function requireOwnUser(request: Request): number {
  const actor = requireRequestActor(request);
  const { userId } = parseInput(UserStreamsRequest, { userId: request.params.userId });
  requireOwnedAccess(actor, 'write', userId);
  return userId;
}
