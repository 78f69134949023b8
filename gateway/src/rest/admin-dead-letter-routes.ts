import { Router } from 'express';
import { deadLetterOperations } from '@promptloom/proto';
import { call, type Bus } from '@promptloom/shared';
import { requireRequestAdmin } from '../auth/guards';

/**
 * Admins only: the bus's dead letters (`GET /api/admin/dead-letters?after_sequence=&limit=`, oldest first) and the
 * retry of a dead job (`POST /api/admin/dead-letters/{sequence}/retry`), both `{ data: … }`.
 */
export function adminDeadLetterRoutes(bus: Bus): Router {
  const router = Router();
  router.get('/api/admin/dead-letters', async (request, response) => {
    requireRequestAdmin(request);
    response.json({
      data: await call(bus, deadLetterOperations.list, request.query, { context: request.context }),
    });
  });
  router.post('/api/admin/dead-letters/:sequence/retry', async (request, response) => {
    requireRequestAdmin(request);
    const { sequence } = request.params;
    response.json({
      data: await call(bus, deadLetterOperations.retry, { sequence }, { context: request.context }),
    });
  });
  return router;
}
