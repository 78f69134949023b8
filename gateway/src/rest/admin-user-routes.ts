import { type Router } from 'express';
import { ADMIN_TOASTS, adminUserOperations } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { adminCrudRoutes } from './admin-crud-routes';

/** SPEC §7 Admin users: list (`{ data: page }`), store, update, delete (GET and DELETE). */
export function adminUserRoutes(bus: Bus): Router {
  return adminCrudRoutes(bus, {
    path: 'user',
    envelope: 'data',
    operations: adminUserOperations,
    toasts: ADMIN_TOASTS.user,
  });
}
