import { Router } from 'express';
import { auditOperations, dashboardOperations } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAs, callAsWith } from '../auth/call-as';
import { callerOfHttp } from '../auth/caller';

/**
 * Beyond SPEC §7: the audit log (`GET /api/admin/audit/list?entity=&action=&actor_id=&entity_id=&page=`) and the
 * dashboard's figures (`GET /api/admin/dashboard`), both `{ data: … }`.
 */
export function adminInsightRoutes(bus: Bus): Router {
  const router = Router();
  router.get('/api/admin/audit/list', async (request, response) => {
    const page = await callAsWith(callerOfHttp(request), bus, auditOperations.list, () => request.query);
    response.json({ data: page });
  });
  router.get('/api/admin/dashboard', async (request, response) => {
    response.json({
      data: await callAs(callerOfHttp(request), bus, dashboardOperations.figures, () => ({})),
    });
  });
  return router;
}
