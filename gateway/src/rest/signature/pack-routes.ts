import { Router, type Request, type Response } from 'express';
import {
  PACK_LINK_CREATED,
  SignaturePackFile,
  packListOperations,
  packOperations,
  parseInput,
} from '@promptloom/proto';
import { call, callWith, type Bus } from '@promptloom/shared';
import { requireRequestActor } from '../../auth/guards';
import { PACK_IMPORT_PATH } from '../../edge/pack-file-body';

/**
 * Issue #19 signature packs, always the caller's own: export the saved signature as a file, import a file, make,
 * list and revoke share links; open and import a link anyone signed in was given.
 */
export function packRoutes(bus: Bus): Router {
  const router = Router();
  const ops = packOperations;

  router.get('/api/signature/packs/export', async (request, response) => {
    const { userId } = requireRequestActor(request);
    const { filename, pack } = await call(bus, ops.export, { userId }, { context: request.context });
    response.set('Content-Disposition', `attachment; filename="${filename}"`);
    response.json(pack);
  });

  /** Body: the pack file itself (at most PACK_MAX_BYTES, read by `packFileBody` before the general parsers). */
  router.post(PACK_IMPORT_PATH, async (request, response) => {
    const { userId } = requireRequestActor(request);
    const pack = parseInput(SignaturePackFile, request.body ?? {});
    const report = await call(
      bus,
      packListOperations.import,
      { user_id: userId, pack },
      { context: request.context },
    );
    response.json({ status: true, message: report.message, data: report });
  });

  router.get('/api/signature/packs/links', async (request, response) => {
    const { userId } = requireRequestActor(request);
    response.json(await call(bus, ops.listLinks, { userId }, { context: request.context }));
  });

  /** Body: `{ expiresInDays?: 1 | 7 | 30 }` (7 by default). The token is in this answer only. */
  router.post('/api/signature/packs/links', async (request, response) => {
    const { userId } = requireRequestActor(request);
    const body: unknown = request.body;
    const input = typeof body === 'object' && body !== null ? { ...body, userId } : { userId };
    const created = await callWith(bus, ops.createLink, input, { context: request.context });
    response.status(201).json({ status: true, message: PACK_LINK_CREATED, data: created });
  });

  const revoke = async (request: Request, response: Response) => {
    const { userId } = requireRequestActor(request);
    const input = { userId, id: request.params.id };
    const revoked = await callWith(bus, ops.revokeLink, input, { context: request.context });
    response.json({ status: true, message: revoked.message, data: revoked.link });
  };
  router.post('/api/signature/packs/links/:id/revoke', revoke);
  router.delete('/api/signature/packs/links/:id', revoke);

  router.get('/api/signature/packs/shared/:token', async (request, response) => {
    requireRequestActor(request);
    const input = { token: request.params.token };
    response.json({ data: await callWith(bus, ops.openLink, input, { context: request.context }) });
  });

  router.post('/api/signature/packs/shared/:token/import', async (request, response) => {
    requireRequestActor(request);
    const input = { token: request.params.token };
    const report = await callWith(bus, ops.importLink, input, { context: request.context });
    response.json({ status: true, message: report.message, data: report });
  });

  return router;
}
