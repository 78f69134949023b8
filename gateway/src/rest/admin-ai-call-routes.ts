import { Router } from 'express';
import { aiCallOperations } from '@promptloom/proto';
import { callWith, type Bus } from '@promptloom/shared';
import { requireRequestAdmin } from '../auth/guards';

/**
 * Admin AI Calls (README "AI Calls"), `{ data: … }` like the other admin reads:
 * `GET /api/admin/ai-calls?page=&per_page=&user_id=&purpose=&model=&outcome=&job_id=&q=&from=&to=` (a page),
 * `GET /api/admin/ai-calls/export.csv?<the same filters>` (text/csv, made here from the server's rows),
 * `GET /api/admin/ai-calls/usage?days=&user_id=` (per UTC day) and `GET /api/admin/ai-calls/:id` (one call).
 */
export function adminAiCallRoutes(bus: Bus): Router {
  const router = Router();
  router.get('/api/admin/ai-calls', async (request, response) => {
    requireRequestAdmin(request);
    response.json({
      data: await callWith(bus, aiCallOperations.list, request.query, { context: request.context }),
    });
  });
  router.get('/api/admin/ai-calls/export.csv', async (request, response) => {
    requireRequestAdmin(request);
    const exported = await callWith(bus, aiCallOperations.export, request.query, {
      context: request.context,
    });
    response
      .type('text/csv; charset=utf-8')
      .attachment(`ai-calls-${new Date().toISOString().slice(0, 10)}.csv`)
      .set('X-Truncated', String(exported.truncated))
      .send(exported.csv);
  });
  router.get('/api/admin/ai-calls/usage', async (request, response) => {
    requireRequestAdmin(request);
    response.json({
      data: await callWith(bus, aiCallOperations.usage, request.query, { context: request.context }),
    });
  });
  router.get('/api/admin/ai-calls/:id', async (request, response) => {
    requireRequestAdmin(request);
    response.json({
      data: await callWith(
        bus,
        aiCallOperations.get,
        { id: request.params.id },
        { context: request.context },
      ),
    });
  });
  return router;
}
