import { Router } from 'express';
import { awayOperations } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { awayReport, currentAwayReport } from '../away/away-report';
import { callAs, callAsWith } from '../auth/call-as';
import { callerOfHttp } from '../auth/caller';
import { refuseEarly } from '../auth/early-refusal';

/** Issue 19 "While you were away": the signed-in user's own window away and its changes (README "API"). */
export function awayRoutes(bus: Bus): Router {
  const router = Router();

  router.get('/api/while-you-were-away', async (request, response) => {
    // The report (shared with GraphQL) starts with the caller's visit: refused here as that operation declares.
    const { userId } = refuseEarly(awayOperations.getVisit, callerOfHttp(request))!;
    response.json({ data: await currentAwayReport(bus, userId, request.context) });
  });

  router.post('/api/visits/begin', async (request, response) => {
    const body: unknown = request.body ?? {};
    const start = typeof body === 'object' && body !== null && 'start' in body ? body.start : undefined;
    // The caller's id is needed again for the report that follows.
    const caller = callerOfHttp(request);
    const { userId } = refuseEarly(awayOperations.beginVisit, caller)!;
    const window = await callAsWith(caller, bus, awayOperations.beginVisit, () => ({
      user_id: userId,
      start,
    }));
    response.json({ data: await awayReport(bus, userId, window, request.context) });
  });

  router.post('/api/while-you-were-away/dismiss', async (request, response) => {
    const window = await callAs(callerOfHttp(request), bus, awayOperations.dismissAway, ({ userId }) => ({
      user_id: userId,
    }));
    response.json({ data: { ...window, changes: [] } });
  });
  return router;
}
