import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { DomainError, IMAGE_NOT_FOUND, ImageKey, streamOperations } from '@promptloom/proto';
import { type Bus, type ObjectStore } from '@promptloom/shared';
import { callAs } from '../../auth/call-as';
import { callerOfHttp } from '../../auth/caller';
import { refuseEarly } from '../../auth/early-refusal';

/**
 * `GET /api/images/<key>`: a stored image, for its owner and admins only (the signature service decides), streamed
 * from the object store without buffering.
 */
export function imageRoutes(bus: Bus, objects: ObjectStore): Router {
  const router = Router();
  router.get('/api/images/*key', async (request, response) => {
    const caller = callerOfHttp(request);
    // A caller who is not signed in gets 401 before a key that can be no image's gets its 404.
    refuseEarly(streamOperations.authorizeImage, caller);
    const segments = (request.params as { key?: string[] }).key ?? [];
    const key = ImageKey.safeParse(segments.join('/'));
    if (!key.success) throw new DomainError('NOT_FOUND', IMAGE_NOT_FOUND);
    await callAs(caller, bus, streamOperations.authorizeImage, () => ({ key: key.data }));
    const object = await objects.getStream(key.data);
    if (!object) throw new DomainError('NOT_FOUND', IMAGE_NOT_FOUND);
    response.setHeader('Content-Type', object.contentType);
    response.setHeader('Content-Length', String(object.size));
    response.setHeader('Cache-Control', 'private, max-age=3600');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    await pipeline(object.body, response);
  });
  return router;
}
