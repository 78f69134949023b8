import { Router, type Request, type Response } from 'express';
import {
  AI_RECORD_FAMILIES,
  RECORD_TOASTS,
  aiRecordOperations,
  signatureRecordOperations,
  type AiRecordFamily,
} from '@promptloom/proto';
import { call, callWith, type Bus } from '@promptloom/shared';
import { requireRequestAdmin } from '../auth/guards';

const bodyOf = (request: Request): Record<string, unknown> =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};

/**
 * SPEC §7 admin record lists: `GET /api/admin/user/{tl|tr|bl|br}/list?page=&per_page=&search=&sort=&direction=`
 * → `{ data: page }`, `PUT …/update/{id}` → `{ message, data }`, `GET` or `DELETE …/delete/{id}` → `{ message, data:
 * { id } }`. TL/TR/BL are the AI worker's list items, BR the signature service's saved signatures; both services
 * check the caller's stored role again.
 */
export function adminRecordRoutes(bus: Bus): Router {
  const router = Router();
  for (const family of AI_RECORD_FAMILIES) aiFamilyRoutes(router, bus, family);
  signatureRoutes(router, bus);
  return router;
}

function aiFamilyRoutes(router: Router, bus: Bus, family: AiRecordFamily): void {
  const base = `/api/admin/user/${family}`;
  const toasts = RECORD_TOASTS[family];
  router.get(`${base}/list`, async (request, response) => {
    requireRequestAdmin(request);
    const input = { ...request.query, family };
    response.json({ data: await call(bus, aiRecordOperations.list, input, { context: request.context }) });
  });
  router.put(`${base}/update/:id`, async (request, response) => {
    requireRequestAdmin(request);
    const input = { ...bodyOf(request), family, id: request.params.id };
    const record = await call(bus, aiRecordOperations.update, input, { context: request.context });
    response.json({ message: toasts.updated, data: record });
  });
  const remove = async (request: Request, response: Response) => {
    requireRequestAdmin(request);
    const input = { family, id: request.params.id };
    const deleted = await call(bus, aiRecordOperations.delete, input, { context: request.context });
    response.json({ message: toasts.deleted, data: deleted });
  };
  router.get(`${base}/delete/:id`, remove);
  router.delete(`${base}/delete/:id`, remove);
  // Regenerate with the same or another model: 202 with the job (its calls: /api/admin/ai-calls?job_id=).
  router.post(`${base}/regenerate/:id`, async (request, response) => {
    requireRequestAdmin(request);
    const input = { model: bodyOf(request).model, family, id: request.params.id };
    const ticket = await callWith(bus, aiRecordOperations.regenerate, input, { context: request.context });
    response.status(202).json({ message: 'Regenerating', data: ticket });
  });
}

function signatureRoutes(router: Router, bus: Bus): void {
  const base = '/api/admin/user/br';
  const toasts = RECORD_TOASTS.br;
  const ops = signatureRecordOperations;
  router.get(`${base}/list`, async (request, response) => {
    requireRequestAdmin(request);
    response.json({ data: await call(bus, ops.list, request.query, { context: request.context }) });
  });
  router.put(`${base}/update/:id`, async (request, response) => {
    requireRequestAdmin(request);
    const input = { ...bodyOf(request), id: request.params.id };
    const record = await call(bus, ops.update, input, { context: request.context });
    response.json({ message: toasts.updated, data: record });
  });
  const remove = async (request: Request, response: Response) => {
    requireRequestAdmin(request);
    const deleted = await call(bus, ops.delete, { id: request.params.id }, { context: request.context });
    response.json({ message: toasts.deleted, data: deleted });
  };
  router.get(`${base}/delete/:id`, remove);
  router.delete(`${base}/delete/:id`, remove);
}
