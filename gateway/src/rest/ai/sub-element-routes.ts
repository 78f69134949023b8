import { Router, type Request } from 'express';
import { aiOperations } from '@promptloom/proto';
import { callWith, type Bus } from '@promptloom/shared';
import { requireRequestActor } from '../../auth/guards';
import { bodyOf, requirePathOwner } from './path-owner';

/** A `user_id` in a body, when given, must be the token's user too. */
function checkBodyUser(request: Request): void {
  const userId = bodyOf(request).user_id;
  if (userId === undefined || userId === null) requireRequestActor(request);
  else requirePathOwner(request, userId, 'write');
}

/** SPEC §7 `/api/ai/response/bltypes/…`: the sub-elements of one element, plus `generate`. */
export function aiSubElementRoutes(bus: Bus): Router {
  const router = Router();
  const base = '/api/ai/response/bltypes';

  router.get(`${base}/get/:elementId`, async (request, response) => {
    requireRequestActor(request);
    const input = { element_id: request.params.elementId };
    response.json(await callWith(bus, aiOperations.getSubElements, input, { context: request.context }));
  });

  for (const [action, operation] of [
    ['store', aiOperations.storeSubElements],
    ['newstore', aiOperations.newStoreSubElements],
  ] as const) {
    router.post(`${base}/${action}/:elementId`, async (request, response) => {
      checkBodyUser(request);
      const input = { ...bodyOf(request), element_id: request.params.elementId };
      response.json(await callWith(bus, operation, input, { context: request.context }));
    });
  }

  router.post(`${base}/updateReason/:id`, async (request, response) => {
    requireRequestActor(request);
    const input = { ...bodyOf(request), id: request.params.id };
    response.json(
      await callWith(bus, aiOperations.updateSubElementReason, input, { context: request.context }),
    );
  });

  router.post(`${base}/generate/:elementId`, async (request, response) => {
    requireRequestActor(request);
    const input = { ...bodyOf(request), element_id: request.params.elementId };
    const ticket = await callWith(bus, aiOperations.generateSubElements, input, {
      context: request.context,
    });
    response.status(202).json(ticket);
  });
  return router;
}
