import { Router } from 'express';
import { streamOperations } from '@promptloom/proto';
import { call, callWith, type Bus } from '@promptloom/shared';
import { requireRequestActor } from '../../auth/guards';

/** Issue #18: the caller's Stream settings (target, item marks) and the prompt checker. */
export function streamSettingsRoutes(bus: Bus): Router {
  const router = Router();
  const ops = streamOperations;

  router.get('/api/stream/settings', async (request, response) => {
    const { userId } = requireRequestActor(request);
    response.json({ data: await call(bus, ops.getSettings, { userId }, { context: request.context }) });
  });

  /** Body: `{ target?, marks?: [{ name, weight, avoid }], parameters?: [{ flag, value }] }`; the caller's own. */
  router.post('/api/stream/settings', async (request, response) => {
    const { userId } = requireRequestActor(request);
    const body: unknown = request.body;
    const input = typeof body === 'object' && body !== null ? { ...body, userId } : { userId };
    response.json({ data: await callWith(bus, ops.updateSettings, input, { context: request.context }) });
  });

  /** Body: `{ target, prompt, negativePrompt? }`; answers the problems and, for SD/Flux, the token counts. */
  router.post('/api/stream/check', async (request, response) => {
    requireRequestActor(request);
    response.json({ data: await callWith(bus, ops.check, request.body ?? {}, { context: request.context }) });
  });

  return router;
}
