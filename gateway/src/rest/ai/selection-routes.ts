import { Router } from 'express';
import { aiOperations } from '@promptloom/proto';
import { callWith, type Bus } from '@promptloom/shared';
import { bodyOf, requirePathOwner } from './path-owner';

/** The active selection, kept on the server (not in SPEC §7, which kept it in local storage). */
export function aiSelectionRoutes(bus: Bus): Router {
  const router = Router();
  const base = '/api/ai/selection/:userId';
  router.get(base, async (request, response) => {
    requirePathOwner(request, request.params.userId, 'read');
    const input = { user_id: request.params.userId };
    response.json(await callWith(bus, aiOperations.getSelection, input, { context: request.context }));
  });
  router.post(`${base}/item`, async (request, response) => {
    requirePathOwner(request, request.params.userId, 'write');
    const input = { ...bodyOf(request), user_id: request.params.userId };
    response.json(await callWith(bus, aiOperations.setItemActive, input, { context: request.context }));
  });
  router.post(`${base}/sub-element`, async (request, response) => {
    requirePathOwner(request, request.params.userId, 'write');
    const input = { ...bodyOf(request), user_id: request.params.userId };
    response.json(await callWith(bus, aiOperations.setSubElementChosen, input, { context: request.context }));
  });
  router.post(`${base}/import`, async (request, response) => {
    requirePathOwner(request, request.params.userId, 'write');
    const input = { ...bodyOf(request), user_id: request.params.userId };
    response.json(await callWith(bus, aiOperations.importSelection, input, { context: request.context }));
  });
  router.post(`${base}/restore`, async (request, response) => {
    requirePathOwner(request, request.params.userId, 'write');
    const input = { ...bodyOf(request), user_id: request.params.userId };
    response.json(await callWith(bus, aiOperations.restoreSelection, input, { context: request.context }));
  });
  router.get(`${base}/leave/:elementId`, async (request, response) => {
    requirePathOwner(request, request.params.userId, 'read');
    const input = { user_id: request.params.userId, element_id: request.params.elementId };
    response.json(await callWith(bus, aiOperations.leaveElement, input, { context: request.context }));
  });
  return router;
}
