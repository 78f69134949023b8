import { Router } from 'express';
import { auditOperations, dashboardOperations } from '@promptloom/proto';
import { call, type Bus } from '@promptloom/shared';
import { requireRequestAdmin } from '../auth/guards';

/**
 * Beyond SPEC §7: the audit log (`GET /api/admin/audit/list?entity=&action=&actor_id=&entity_id=&page=`) and the
 * dashboard's figures (`GET /api/admin/dashboard`), both `{ data: … }`.
 */
export function adminInsightRoutes(bus: Bus): Router {
  const router = Router();
  router.get('/api/admin/audit/list', async (request, response) => {
    requireRequestAdmin(request);
    response.json({
      data: await call(bus, auditOperations.list, request.query, { context: request.context }),
    });
  });
  router.get('/api/admin/dashboard', async (request, response) => {
    requireRequestAdmin(request);
    response.json({ data: await call(bus, dashboardOperations.figures, {}, { context: request.context }) });
  });
  return router;
}
