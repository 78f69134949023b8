import { Router } from 'express';

/** Settings the web client needs from the server; nothing secret. */
export function clientConfigRoutes(settings: { sessionIdleMs: number }): Router {
  const router = Router();
  router.get('/api/client-config', (_request, response) => {
    response.json({ session_idle_ms: settings.sessionIdleMs });
  });
  return router;
}
