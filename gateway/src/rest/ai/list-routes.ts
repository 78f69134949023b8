import { Router } from 'express';
import { aiOperations } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { readWholeList } from '../../ai-lists/read-whole-list';
import { callAsWith } from '../../auth/call-as';
import { callerOfHttp } from '../../auth/caller';
import { LIST_FAMILIES_IN_PATHS, bodyOf } from './route-input';

/**
 * SPEC §7 AI lists: `/api/ai/response/{tl|bl|tr|br}/…`, plus `generate` (Run) and `status`. A `{userId}` path is
 * the caller's (an admin may read it too), an `{id}` names an item the worker finds the owner of.
 */
export function aiListRoutes(bus: Bus): Router {
  const router = Router();
  router.param('family', (_request, _response, next, family: string) =>
    LIST_FAMILIES_IN_PATHS.has(family) ? next() : next('route'),
  );

  router.get('/api/ai/response/:family/get/:userId', async (request, response) => {
    const input = { family: request.params.family, user_id: request.params.userId };
    const list = await callAsWith(callerOfHttp(request), bus, aiOperations.getList, () => input);
    const items = await readWholeList(bus, list, request.context, list);
    response.json({ status: true, ai_response: items });
  });

  for (const [action, operation, message] of [
    ['store', aiOperations.storeList, 'AI response stored successfully.'],
    ['newstore', aiOperations.newStore, 'Item added successfully.'],
  ] as const) {
    router.post(`/api/ai/response/:family/${action}/:userId`, async (request, response) => {
      const input = { ...bodyOf(request), family: request.params.family, user_id: request.params.userId };
      const list = await callAsWith(callerOfHttp(request), bus, operation, () => input);
      const items = await readWholeList(bus, list, request.context, list);
      response.json({ status: true, message, ai_response: items });
    });
  }

  for (const [action, operation] of [
    ['updateReason', aiOperations.updateReason],
    ['status', aiOperations.setItemStatus],
  ] as const) {
    router.post(`/api/ai/response/:family/${action}/:id`, async (request, response) => {
      const input = { ...bodyOf(request), family: request.params.family, id: request.params.id };
      response.json(await callAsWith(callerOfHttp(request), bus, operation, () => input));
    });
  }

  // Run of an agent panel: 202 with the job id; the list arrives through `listUpdated` (or the next `get`).
  router.post('/api/ai/response/:family/generate/:userId', async (request, response) => {
    const input = { ...bodyOf(request), family: request.params.family, user_id: request.params.userId };
    const ticket = await callAsWith(callerOfHttp(request), bus, aiOperations.runAgent, () => input);
    response.status(ticket.status === 'queued' ? 202 : 200).json(ticket);
  });
  return router;
}
