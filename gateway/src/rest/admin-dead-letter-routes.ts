import { Router } from 'express';
import { deadLetterOperations } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAsWith } from '../auth/call-as';
import { callerOfHttp } from '../auth/caller';

/**
 * Admins only: the bus's dead letters (`GET /api/admin/dead-letters?after_sequence=&limit=`, oldest first) and the
 * retry of a dead job (`POST /api/admin/dead-letters/{sequence}/retry`), both `{ data: … }`.
 */
export function adminDeadLetterRoutes(bus: Bus): Router {
  const router = Router();
  const ops = deadLetterOperations;
  router.get('/api/admin/dead-letters', async (request, response) => {
    response.json({ data: await callAsWith(callerOfHttp(request), bus, ops.list, () => request.query) });
  });
  router.post('/api/admin/dead-letters/:sequence/retry', async (request, response) => {
    const input = { sequence: request.params.sequence };
    response.json({ data: await callAsWith(callerOfHttp(request), bus, ops.retry, () => input) });
  });
  return router;
}
