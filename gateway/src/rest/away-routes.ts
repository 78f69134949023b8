import { Router } from 'express';
import { awayOperations } from '@promptloom/proto';
import { call, callWith, type Bus } from '@promptloom/shared';
import { awayReport, currentAwayReport } from '../away/away-report';
import { requireRequestActor } from '../auth/guards';

/** Issue 19 "While you were away": the signed-in user's own window away and its changes (README "API"). */
export function awayRoutes(bus: Bus): Router {
  const router = Router();

  router.get('/api/while-you-were-away', async (request, response) => {
    const { userId } = requireRequestActor(request);
    response.json({ data: await currentAwayReport(bus, userId, request.context) });
  });

  router.post('/api/visits/begin', async (request, response) => {
    const { userId } = requireRequestActor(request);
    const body: unknown = request.body ?? {};
    const start = typeof body === 'object' && body !== null && 'start' in body ? body.start : undefined;
    const window = await callWith(
      bus,
      awayOperations.beginVisit,
      { user_id: userId, start },
      {
        context: request.context,
      },
    );
    response.json({ data: await awayReport(bus, userId, window, request.context) });
  });

  router.post('/api/while-you-were-away/dismiss', async (request, response) => {
    const { userId } = requireRequestActor(request);
    const window = await call(
      bus,
      awayOperations.dismissAway,
      { user_id: userId },
      { context: request.context },
    );
    response.json({ data: { ...window, changes: [] } });
  });
  return router;
}
