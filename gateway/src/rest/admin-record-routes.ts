import { Router, type Request, type Response } from 'express';
import {
  AI_RECORD_FAMILIES,
  RECORD_TOASTS,
  aiRecordOperations,
  signatureRecordOperations,
  type AiRecordFamily,
} from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAsWith } from '../auth/call-as';
import { callerOfHttp } from '../auth/caller';

const bodyOf = (request: Request): Record<string, unknown> =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};

/**
 * SPEC §7 admin record lists: `GET /api/admin/user/{tl|tr|bl|br}/list?page=&per_page=&search=&sort=&direction=`
 * → `{ data: page }`, `PUT …/update/{id}` → `{ message, data }`, `GET` or `DELETE …/delete/{id}` → `{ message, data:
 * { id } }`. TL/TR/BL are the AI worker's list items, BR the signature service's saved signatures. Every operation
 * is an admin's: refused here on the token's role, and both services check the caller's stored role again.
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
  const ops = aiRecordOperations;
  router.get(`${base}/list`, async (request, response) => {
    const input = { ...request.query, family };
    response.json({ data: await callAsWith(callerOfHttp(request), bus, ops.list, () => input) });
  });
  router.put(`${base}/update/:id`, async (request, response) => {
    const input = { ...bodyOf(request), family, id: request.params.id };
    const record = await callAsWith(callerOfHttp(request), bus, ops.update, () => input);
    response.json({ message: toasts.updated, data: record });
  });
  const remove = async (request: Request, response: Response) => {
    const input = { family, id: request.params.id };
    const deleted = await callAsWith(callerOfHttp(request), bus, ops.delete, () => input);
    response.json({ message: toasts.deleted, data: deleted });
  };
  router.get(`${base}/delete/:id`, remove);
  router.delete(`${base}/delete/:id`, remove);
  // Regenerate with the same or another model: 202 with the job (its calls: /api/admin/ai-calls?job_id=).
  router.post(`${base}/regenerate/:id`, async (request, response) => {
    const input = { model: bodyOf(request).model, family, id: request.params.id };
    const ticket = await callAsWith(callerOfHttp(request), bus, ops.regenerate, () => input);
    response.status(202).json({ message: 'Regenerating', data: ticket });
  });
}

function signatureRoutes(router: Router, bus: Bus): void {
  const base = '/api/admin/user/br';
  const toasts = RECORD_TOASTS.br;
  const ops = signatureRecordOperations;
  router.get(`${base}/list`, async (request, response) => {
    response.json({ data: await callAsWith(callerOfHttp(request), bus, ops.list, () => request.query) });
  });
  router.put(`${base}/update/:id`, async (request, response) => {
    const input = { ...bodyOf(request), id: request.params.id };
    const record = await callAsWith(callerOfHttp(request), bus, ops.update, () => input);
    response.json({ message: toasts.updated, data: record });
  });
  const remove = async (request: Request, response: Response) => {
    const input = { id: request.params.id };
    const deleted = await callAsWith(callerOfHttp(request), bus, ops.delete, () => input);
    response.json({ message: toasts.deleted, data: deleted });
  };
  router.get(`${base}/delete/:id`, remove);
  router.delete(`${base}/delete/:id`, remove);
}
