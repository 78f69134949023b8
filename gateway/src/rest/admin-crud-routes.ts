import { Router, type Request, type Response } from 'express';
import { type Operation } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAsWith } from '../auth/call-as';
import { callerOfHttp } from '../auth/caller';

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
 * the spec's toast as `message`. Each route is refused as its operation declares (an admin operation: 401 without a
 * token, 403 for a regular user, before the input is read), and the admin service checks the stored role again.
 */
export function adminCrudRoutes(bus: Bus, resource: AdminResource): Router {
  const router = Router();
  const base = `/api/admin/${resource.path}`;
  const { operations, toasts } = resource;
  const callFor = (request: Request, operation: Operation, input: unknown) =>
    callAsWith(callerOfHttp(request), bus, operation, () => input);

  router.get(`${base}/list`, async (request, response) => {
    const page = await callFor(request, operations.list, request.query);
    response.json({ [resource.envelope]: page });
  });

  router.post(`${base}/store`, async (request, response) => {
    const record = await callFor(request, operations.create, bodyOf(request));
    response.status(201).json({ message: toasts.created, data: record });
  });

  router.put(`${base}/update/:id`, async (request, response) => {
    const input = { ...bodyOf(request), id: request.params.id };
    const record = await callFor(request, operations.update, input);
    response.json({ message: toasts.updated, data: record });
  });

  const remove = async (request: Request, response: Response) => {
    const deleted = await callFor(request, operations.delete, { id: request.params.id });
    response.json({ message: toasts.deleted, data: deleted });
  };
  router.get(`${base}/delete/:id`, remove);
  router.delete(`${base}/delete/:id`, remove);
  return router;
}
