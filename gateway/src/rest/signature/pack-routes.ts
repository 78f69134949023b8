import { Router, type Request, type Response } from 'express';
import {
  PACK_LINK_CREATED,
  SignaturePackFile,
  packListOperations,
  packOperations,
  parseInput,
} from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAs, callAsWith } from '../../auth/call-as';
import { callerOfHttp } from '../../auth/caller';
import { PACK_IMPORT_PATH } from '../../edge/pack-file-body';

/**
 * Issue #19 signature packs, always the caller's own: export the saved signature as a file, import a file, make,
 * list and revoke share links; open and import a link anyone signed in was given.
 */
export function packRoutes(bus: Bus): Router {
  const router = Router();
  const ops = packOperations;

  router.get('/api/signature/packs/export', async (request, response) => {
    const caller = callerOfHttp(request);
    const { filename, pack } = await callAs(caller, bus, ops.export, ({ userId }) => ({ userId }));
    response.set('Content-Disposition', `attachment; filename="${filename}"`);
    response.json(pack);
  });

  /** Body: the pack file itself (at most PACK_MAX_BYTES, read by `packFileBody` before the general parsers). */
  router.post(PACK_IMPORT_PATH, async (request, response) => {
    // The file is parsed on its own, so its 422 names the file's fields (`signature`, not `pack.signature`).
    const report = await callAs(callerOfHttp(request), bus, packListOperations.import, ({ userId }) => ({
      user_id: userId,
      pack: parseInput(SignaturePackFile, request.body ?? {}),
    }));
    response.json({ status: true, message: report.message, data: report });
  });

  router.get('/api/signature/packs/links', async (request, response) => {
    response.json(await callAs(callerOfHttp(request), bus, ops.listLinks, ({ userId }) => ({ userId })));
  });

  /** Body: `{ expiresInDays?: 1 | 7 | 30 }` (7 by default). The token is in this answer only. */
  router.post('/api/signature/packs/links', async (request, response) => {
    const body: unknown = request.body;
    const created = await callAsWith(callerOfHttp(request), bus, ops.createLink, ({ userId }) =>
      typeof body === 'object' && body !== null ? { ...body, userId } : { userId },
    );
    response.status(201).json({ status: true, message: PACK_LINK_CREATED, data: created });
  });

  const revoke = async (request: Request, response: Response) => {
    const revoked = await callAsWith(callerOfHttp(request), bus, ops.revokeLink, ({ userId }) => ({
      userId,
      id: request.params.id,
    }));
    response.json({ status: true, message: revoked.message, data: revoked.link });
  };
  router.post('/api/signature/packs/links/:id/revoke', revoke);
  router.delete('/api/signature/packs/links/:id', revoke);

  router.get('/api/signature/packs/shared/:token', async (request, response) => {
    const input = { token: request.params.token };
    response.json({ data: await callAsWith(callerOfHttp(request), bus, ops.openLink, () => input) });
  });

  router.post('/api/signature/packs/shared/:token/import', async (request, response) => {
    const input = { token: request.params.token };
    const report = await callAsWith(callerOfHttp(request), bus, ops.importLink, () => input);
    response.json({ status: true, message: report.message, data: report });
  });

  return router;
}
