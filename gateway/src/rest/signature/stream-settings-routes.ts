import { Router } from 'express';
import { streamOperations } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAs, callAsWith } from '../../auth/call-as';
import { callerOfHttp } from '../../auth/caller';

/** Issue #18: the caller's Stream settings (target, item marks) and the prompt checker. */
export function streamSettingsRoutes(bus: Bus): Router {
  const router = Router();
  const ops = streamOperations;

  router.get('/api/stream/settings', async (request, response) => {
    const settings = await callAs(callerOfHttp(request), bus, ops.getSettings, ({ userId }) => ({ userId }));
    response.json({ data: settings });
  });

  /** Body: `{ target?, marks?: [{ name, weight, avoid }], parameters?: [{ flag, value }] }`; the caller's own. */
  router.post('/api/stream/settings', async (request, response) => {
    const body: unknown = request.body;
    const settings = await callAsWith(callerOfHttp(request), bus, ops.updateSettings, ({ userId }) =>
      typeof body === 'object' && body !== null ? { ...body, userId } : { userId },
    );
    response.json({ data: settings });
  });

  /** Body: `{ target, prompt, negativePrompt? }`; answers the problems and, for SD/Flux, the token counts. */
  router.post('/api/stream/check', async (request, response) => {
    const checked = await callAsWith(callerOfHttp(request), bus, ops.check, () => request.body ?? {});
    response.json({ data: checked });
  });

  return router;
}
