import { Router } from 'express';
import { promptHistoryOperations } from '@promptloom/proto';
import { callWith, type Bus } from '@promptloom/shared';
import { requireRequestActor } from '../../auth/guards';

const bodyOf = (body: unknown): object => (typeof body === 'object' && body !== null ? body : {});

/** Issue #19: the caller's own prompt history; a user id in a query or body is ignored, never trusted. */
export function promptHistoryRoutes(bus: Bus): Router {
  const router = Router();
  const ops = promptHistoryOperations;

  /** Query: `first` (1–100, default 30), `after` (a page's `nextCursor`), `search`, `origin`. */
  router.get('/api/stream/history', async (request, response) => {
    const { userId } = requireRequestActor(request);
    const { first, after, search, origin } = request.query;
    const input = { first, after, search, origin, userId };
    response.json(await callWith(bus, ops.list, input, { context: request.context }));
  });

  /** Body: `{ prompt, negativePrompt?, origin, snapshot: { selection, toggles, target } }`. */
  router.post('/api/stream/history', async (request, response) => {
    const { userId } = requireRequestActor(request);
    const input = { ...bodyOf(request.body), userId };
    const saved = await callWith(bus, ops.save, input, { context: request.context });
    response.status(saved.saved ? 201 : 200).json(saved);
  });

  router.get('/api/stream/history/:id', async (request, response) => {
    const { userId } = requireRequestActor(request);
    const input = { userId, id: request.params.id };
    response.json(await callWith(bus, ops.get, input, { context: request.context }));
  });

  return router;
}
