import { Router } from 'express';
import { type Bus } from '@promptloom/shared';
import { aiChatRoutes } from './chat-routes';
import { aiListRoutes } from './list-routes';
import { aiPreviousSettingsRoutes } from './previous-settings-routes';
import { aiSelectionRoutes } from './selection-routes';
import { aiSubElementRoutes } from './sub-element-routes';

/** Every REST path of the AI worker; `bltypes` comes before the `{family}` paths it would otherwise match. */
export function aiRoutes(bus: Bus): Router {
  const router = Router();
  router.use(aiSubElementRoutes(bus));
  router.use(aiListRoutes(bus));
  router.use(aiPreviousSettingsRoutes(bus));
  router.use(aiChatRoutes(bus));
  router.use(aiSelectionRoutes(bus));
  return router;
}
