import { Router } from 'express';
import { promptHistoryOperations } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAsWith } from '../../auth/call-as';
import { callerOfHttp } from '../../auth/caller';

const bodyOf = (body: unknown): object => (typeof body === 'object' && body !== null ? body : {});

/** Issue #19: the caller's own prompt history; a user id in a query or body is ignored, never trusted. */
export function promptHistoryRoutes(bus: Bus): Router {
  const router = Router();
  const ops = promptHistoryOperations;

  /** Query: `first` (1–100, default 30), `after` (a page's `nextCursor`), `search`, `origin`. */
  router.get('/api/stream/history', async (request, response) => {
    const { first, after, search, origin } = request.query;
    const page = await callAsWith(callerOfHttp(request), bus, ops.list, ({ userId }) => ({
      first,
      after,
      search,
      origin,
      userId,
    }));
    response.json(page);
  });

  /** Body: `{ prompt, negativePrompt?, origin, snapshot: { selection, toggles, target } }`. */
  router.post('/api/stream/history', async (request, response) => {
    const saved = await callAsWith(callerOfHttp(request), bus, ops.save, ({ userId }) => ({
      ...bodyOf(request.body),
      userId,
    }));
    response.status(saved.saved ? 201 : 200).json(saved);
  });

  router.get('/api/stream/history/:id', async (request, response) => {
    const version = await callAsWith(callerOfHttp(request), bus, ops.get, ({ userId }) => ({
      userId,
      id: request.params.id,
    }));
    response.json(version);
  });

  return router;
}
