import { Router, type Request, type Response } from 'express';
import { signatureOperations } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAsWith } from '../../auth/call-as';
import { callerOfHttp } from '../../auth/caller';

const AI_TIMEOUT_MS = 65_000;
const body = (request: Request) => (request.body ?? {}) as Record<string, unknown>;

/**
 * SPEC §7 "Signature and stream": signatures and BR codes. The path's user is the caller's, or an admin's to read,
 * as each operation declares; the service checks again.
 */
export function signatureRoutes(bus: Bus): Router {
  const router = Router();
  const ops = signatureOperations;

  router.post('/api/br/signature/store/:userId', async (request, response) => {
    const input = { ...body(request), userId: request.params.userId };
    response.json(await callAsWith(callerOfHttp(request), bus, ops.store, () => input));
  });

  router.post('/api/br/updatenewsignature/update/:userId', async (request, response) => {
    const input = { ...body(request), userId: request.params.userId };
    response.json(await callAsWith(callerOfHttp(request), bus, ops.update, () => input));
  });

  router.get('/api/br/signature/get/:userId', async (request, response) => {
    const input = { userId: request.params.userId };
    response.json(await callAsWith(callerOfHttp(request), bus, ops.get, () => input));
  });

  const remove = async (request: Request, response: Response) => {
    const input = { userId: request.params.userId };
    response.json(await callAsWith(callerOfHttp(request), bus, ops.remove, () => input));
  };
  router.delete('/api/br/signature/:userId', remove);
  router.get('/api/br/signature/delete/:userId', remove);

  router.post('/api/br/signature/swap/:userId', async (request, response) => {
    const input = { ...body(request), userId: request.params.userId };
    const options = { timeoutMs: AI_TIMEOUT_MS };
    response.json(await callAsWith(callerOfHttp(request), bus, ops.swap, () => input, options));
  });

  router.post('/api/br/codes/:userId', async (request, response) => {
    const input = { ...body(request), userId: request.params.userId };
    response.json(await callAsWith(callerOfHttp(request), bus, ops.brCodes, () => input));
  });

  return router;
}
