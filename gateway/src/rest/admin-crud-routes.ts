import { Router, type Request, type Response } from 'express';
import { type Operation } from '@promptloom/proto';
import { call, type Bus } from '@promptloom/shared';
import { requireRequestAdmin } from '../auth/guards';

/** One admin table of SPEC §7: its path segment, the list's envelope key, its operations and its toasts. */
export interface AdminResource {
  /** `/api/admin/<path>/list|store|update/{id}|delete/{id}` */
  path: string;
  /** The key the old client reads the page under: `data.data`, `modules.data`, `mode.data`. */
  envelope: string;
  operations: { list: Operation; create: Operation; update: Operation; delete: Operation };
  toasts: { created: string; updated: string; deleted: string };
}

/** A JSON or form body as an object; anything else (an array, a string, nothing) counts as an empty form. */
const bodyOf = (request: Request): Record<string, unknown> =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};

/**
 * The four routes of an admin table, plus a `DELETE` twin of the legacy `GET …/delete/{id}`. Success bodies carry
 * the spec's toast as `message`; every route needs an admin token (401 without, 403 for a regular user), and the
 * admin service checks the stored role again.
 */
export function adminCrudRoutes(bus: Bus, resource: AdminResource): Router {
  const router = Router();
  const base = `/api/admin/${resource.path}`;
  const { operations, toasts } = resource;

  router.get(`${base}/list`, async (request, response) => {
    requireRequestAdmin(request);
    const page = await call(bus, operations.list, request.query, { context: request.context });
    response.json({ [resource.envelope]: page });
  });

  router.post(`${base}/store`, async (request, response) => {
    requireRequestAdmin(request);
    const record = await call(bus, operations.create, bodyOf(request), { context: request.context });
    response.status(201).json({ message: toasts.created, data: record });
  });

  router.put(`${base}/update/:id`, async (request, response) => {
    requireRequestAdmin(request);
    const input = { ...bodyOf(request), id: request.params.id };
    const record = await call(bus, operations.update, input, { context: request.context });
    response.json({ message: toasts.updated, data: record });
  });

  const remove = async (request: Request, response: Response) => {
    requireRequestAdmin(request);
    const deleted = await call(
      bus,
      operations.delete,
      { id: request.params.id },
      { context: request.context },
    );
    response.json({ message: toasts.deleted, data: deleted });
  };
  router.get(`${base}/delete/:id`, remove);
  router.delete(`${base}/delete/:id`, remove);
  return router;
}
