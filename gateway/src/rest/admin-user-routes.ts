import { Router } from 'express';
import { adminUserOperations } from '@promptloom/proto';
import { call, type Bus } from '@promptloom/shared';
import { requireRequestAdmin } from '../auth/guards';

/** SPEC §7 Admin users (the rest of user management comes with the admin-service issue). */
export function adminUserRoutes(bus: Bus): Router {
  const router = Router();
  router.get('/api/admin/user/list', async (request, response) => {
    requireRequestAdmin(request);
    const page = await call(bus, adminUserOperations.list, request.query, { context: request.context });
    response.json({ data: page });
  });
  return router;
}
