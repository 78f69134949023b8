import { Router } from 'express';
import { ADMIN_TOASTS, modeOperations, modeTypeOperations, moduleOperations } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { adminCrudRoutes } from './admin-crud-routes';

/** SPEC §7 Admin modules (`modules.data`), modes (`mode.data`) and mode types (`mode.data`). */
export function adminCatalogueRoutes(bus: Bus): Router {
  const router = Router();
  router.use(
    adminCrudRoutes(bus, {
      path: 'modules',
      envelope: 'modules',
      operations: moduleOperations,
      toasts: ADMIN_TOASTS.module,
    }),
  );
  router.use(
    adminCrudRoutes(bus, {
      path: 'mode',
      envelope: 'mode',
      operations: modeOperations,
      toasts: ADMIN_TOASTS.mode,
    }),
  );
  router.use(
    adminCrudRoutes(bus, {
      path: 'modetype',
      envelope: 'mode',
      operations: modeTypeOperations,
      toasts: ADMIN_TOASTS.mode_type,
    }),
  );
  return router;
}
