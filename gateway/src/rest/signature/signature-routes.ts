import { Router, type Request, type Response } from 'express';
import { signatureOperations } from '@promptloom/proto';
import { callWith, type Bus } from '@promptloom/shared';
import { requirePathAccess } from '../../auth/guards';

const AI_TIMEOUT_MS = 65_000;
const body = (request: Request) => (request.body ?? {}) as Record<string, unknown>;

/** SPEC §7 "Signature and stream": signatures and BR codes. The path's user by the policy; the service checks again. */
export function signatureRoutes(bus: Bus): Router {
  const router = Router();
  const ops = signatureOperations;

  router.post('/api/br/signature/store/:userId', async (request, response) => {
    requirePathAccess(request, 'write', request.params.userId);
    const input = { ...body(request), userId: request.params.userId };
    response.json(await callWith(bus, ops.store, input, { context: request.context }));
  });

  router.post('/api/br/updatenewsignature/update/:userId', async (request, response) => {
    requirePathAccess(request, 'write', request.params.userId);
    const input = { ...body(request), userId: request.params.userId };
    response.json(await callWith(bus, ops.update, input, { context: request.context }));
  });

  router.get('/api/br/signature/get/:userId', async (request, response) => {
    requirePathAccess(request, 'read', request.params.userId);
    const input = { userId: request.params.userId };
    response.json(await callWith(bus, ops.get, input, { context: request.context }));
  });

  const remove = async (request: Request, response: Response) => {
    requirePathAccess(request, 'write', request.params.userId);
    const input = { userId: request.params.userId };
    response.json(await callWith(bus, ops.remove, input, { context: request.context }));
  };
  router.delete('/api/br/signature/:userId', remove);
  router.get('/api/br/signature/delete/:userId', remove);

  router.post('/api/br/signature/swap/:userId', async (request, response) => {
    requirePathAccess(request, 'write', request.params.userId);
    const input = { ...body(request), userId: request.params.userId };
    const options = { context: request.context, timeoutMs: AI_TIMEOUT_MS };
    response.json(await callWith(bus, ops.swap, input, options));
  });

  router.post('/api/br/codes/:userId', async (request, response) => {
    requirePathAccess(request, 'read', request.params.userId);
    const input = { ...body(request), userId: request.params.userId };
    response.json(await callWith(bus, ops.brCodes, input, { context: request.context }));
  });

  return router;
}
