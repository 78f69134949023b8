import { Router } from 'express';
import { aiOperations, requireOwnedAccess, type Actor } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAsWith } from '../../auth/call-as';
import { callerOfHttp } from '../../auth/caller';
import { bodyOf } from './route-input';

/**
 * A `user_id` the spec's client repeats in a body must be the caller's (403), when it is a user id at all (otherwise
 * the schema's 422). Not declared: the operation's owner is the element's, and the worker ignores this field.
 */
function requireOwnBodyUser(actor: Actor, userId: unknown): void {
  if (userId === undefined || userId === null || !/^\d{1,15}$/.test(String(userId))) return;
  requireOwnedAccess(actor, 'write', Number(String(userId)));
}

/** SPEC §7 `/api/ai/response/bltypes/…`: the sub-elements of one element, plus `generate`. */
export function aiSubElementRoutes(bus: Bus): Router {
  const router = Router();
  const base = '/api/ai/response/bltypes';

  router.get(`${base}/get/:elementId`, async (request, response) => {
    const input = { element_id: request.params.elementId };
    response.json(await callAsWith(callerOfHttp(request), bus, aiOperations.getSubElements, () => input));
  });

  for (const [action, operation] of [
    ['store', aiOperations.storeSubElements],
    ['newstore', aiOperations.newStoreSubElements],
  ] as const) {
    router.post(`${base}/${action}/:elementId`, async (request, response) => {
      const body = bodyOf(request);
      const input = { ...body, element_id: request.params.elementId };
      const stored = await callAsWith(callerOfHttp(request), bus, operation, (actor) => {
        requireOwnBodyUser(actor, body.user_id);
        return input;
      });
      response.json(stored);
    });
  }

  router.post(`${base}/updateReason/:id`, async (request, response) => {
    const input = { ...bodyOf(request), id: request.params.id };
    const operation = aiOperations.updateSubElementReason;
    response.json(await callAsWith(callerOfHttp(request), bus, operation, () => input));
  });

  router.post(`${base}/generate/:elementId`, async (request, response) => {
    const input = { ...bodyOf(request), element_id: request.params.elementId };
    const operation = aiOperations.generateSubElements;
    response.status(202).json(await callAsWith(callerOfHttp(request), bus, operation, () => input));
  });
  return router;
}
