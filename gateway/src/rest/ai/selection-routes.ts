import { Router } from 'express';
import { aiOperations } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAsWith } from '../../auth/call-as';
import { callerOfHttp } from '../../auth/caller';
import { bodyOf } from './route-input';

/**
 * The active selection, kept on the server (not in SPEC §7, which kept it in local storage): the `{userId}` of the
 * path is the caller's (an admin may read it too).
 */
export function aiSelectionRoutes(bus: Bus): Router {
  const router = Router();
  const base = '/api/ai/selection/:userId';
  router.get(base, async (request, response) => {
    const input = { user_id: request.params.userId };
    response.json(await callAsWith(callerOfHttp(request), bus, aiOperations.getSelection, () => input));
  });
  for (const [action, operation] of [
    ['item', aiOperations.setItemActive],
    ['sub-element', aiOperations.setSubElementChosen],
    ['import', aiOperations.importSelection],
    ['restore', aiOperations.restoreSelection],
  ] as const) {
    router.post(`${base}/${action}`, async (request, response) => {
      const input = { ...bodyOf(request), user_id: request.params.userId };
      response.json(await callAsWith(callerOfHttp(request), bus, operation, () => input));
    });
  }
  router.get(`${base}/leave/:elementId`, async (request, response) => {
    const input = { user_id: request.params.userId, element_id: request.params.elementId };
    response.json(await callAsWith(callerOfHttp(request), bus, aiOperations.leaveElement, () => input));
  });
  return router;
}
