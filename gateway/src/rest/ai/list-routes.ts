import { Router } from 'express';
import { aiOperations } from '@promptloom/proto';
import { callWith, type Bus } from '@promptloom/shared';
import { readWholeList } from '../../ai-lists/read-whole-list';
import { requireRequestActor } from '../../auth/guards';
import { LIST_FAMILIES_IN_PATHS, bodyOf, requirePathOwner } from './path-owner';

/** SPEC §7 AI lists: `/api/ai/response/{tl|bl|tr|br}/…`, plus `generate` (Run) and `status`. */
export function aiListRoutes(bus: Bus): Router {
  const router = Router();
  router.param('family', (_request, _response, next, family: string) =>
    LIST_FAMILIES_IN_PATHS.has(family) ? next() : next('route'),
  );

  router.get('/api/ai/response/:family/get/:userId', async (request, response) => {
    requirePathOwner(request, request.params.userId, 'read');
    const input = { family: request.params.family, user_id: request.params.userId };
    const list = await callWith(bus, aiOperations.getList, input, { context: request.context });
    const items = await readWholeList(bus, list, request.context, list);
    response.json({ status: true, ai_response: items });
  });

  for (const [action, operation, message] of [
    ['store', aiOperations.storeList, 'AI response stored successfully.'],
    ['newstore', aiOperations.newStore, 'Item added successfully.'],
  ] as const) {
    router.post(`/api/ai/response/:family/${action}/:userId`, async (request, response) => {
      requirePathOwner(request, request.params.userId, 'write');
      const input = { ...bodyOf(request), family: request.params.family, user_id: request.params.userId };
      const list = await callWith(bus, operation, input, { context: request.context });
      const items = await readWholeList(bus, list, request.context, list);
      response.json({ status: true, message, ai_response: items });
    });
  }

  for (const [action, operation] of [
    ['updateReason', aiOperations.updateReason],
    ['status', aiOperations.setItemStatus],
  ] as const) {
    router.post(`/api/ai/response/:family/${action}/:id`, async (request, response) => {
      requireRequestActor(request);
      const input = { ...bodyOf(request), family: request.params.family, id: request.params.id };
      response.json(await callWith(bus, operation, input, { context: request.context }));
    });
  }

  // Run of an agent panel: 202 with the job id; the list arrives through `listUpdated` (or the next `get`).
  router.post('/api/ai/response/:family/generate/:userId', async (request, response) => {
    requirePathOwner(request, request.params.userId, 'write');
    const input = { ...bodyOf(request), family: request.params.family, user_id: request.params.userId };
    const ticket = await callWith(bus, aiOperations.runAgent, input, { context: request.context });
    response.status(ticket.status === 'queued' ? 202 : 200).json(ticket);
  });
  return router;
}
