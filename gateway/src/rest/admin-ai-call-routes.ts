import { Router } from 'express';
import { aiCallOperations } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAsWith } from '../auth/call-as';
import { callerOfHttp } from '../auth/caller';

/**
 * Admin AI Calls (README "AI Calls"), `{ data: … }` like the other admin reads:
 * `GET /api/admin/ai-calls?page=&per_page=&user_id=&purpose=&model=&outcome=&job_id=&q=&from=&to=` (a page),
 * `GET /api/admin/ai-calls/export.csv?<the same filters>` (text/csv, made here from the server's rows),
 * `GET /api/admin/ai-calls/usage?days=&user_id=` (per UTC day) and `GET /api/admin/ai-calls/:id` (one call).
 */
export function adminAiCallRoutes(bus: Bus): Router {
  const router = Router();
  const ops = aiCallOperations;
  router.get('/api/admin/ai-calls', async (request, response) => {
    response.json({ data: await callAsWith(callerOfHttp(request), bus, ops.list, () => request.query) });
  });
  router.get('/api/admin/ai-calls/export.csv', async (request, response) => {
    const exported = await callAsWith(callerOfHttp(request), bus, ops.export, () => request.query);
    response
      .type('text/csv; charset=utf-8')
      .attachment(`ai-calls-${new Date().toISOString().slice(0, 10)}.csv`)
      .set('X-Truncated', String(exported.truncated))
      .send(exported.csv);
  });
  router.get('/api/admin/ai-calls/usage', async (request, response) => {
    response.json({ data: await callAsWith(callerOfHttp(request), bus, ops.usage, () => request.query) });
  });
  router.get('/api/admin/ai-calls/:id', async (request, response) => {
    const input = { id: request.params.id };
    response.json({ data: await callAsWith(callerOfHttp(request), bus, ops.get, () => input) });
  });
  return router;
}
