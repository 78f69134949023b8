import { Router } from 'express';
import { aiOperations } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAsWith } from '../auth/call-as';
import { callerOfHttp } from '../auth/caller';
import { requireRequestAdmin } from '../auth/guards';
import { bodyOf } from './ai/route-input';

/**
 * Admin: a user's AI calls per day (`daily_limit`; null goes back to the configured default) and tokens per day
 * (`daily_token_limit`, the same way; absent keeps it).
 */
export function adminAiQuotaRoutes(bus: Bus): Router {
  const router = Router();
  router.get('/api/admin/user/ai-quota/:id', async (request, response) => {
    // Not declared: the quota read is its owner's too (GET /api/ai/quota), but this admin path is an admin's only.
    requireRequestAdmin(request);
    const input = { user_id: request.params.id };
    const quota = await callAsWith(callerOfHttp(request), bus, aiOperations.getQuota, () => input);
    response.json({ data: quota });
  });
  router.put('/api/admin/user/ai-quota/:id', async (request, response) => {
    // `daily_limit: null` clears the override; an absent one is a 422 like any other bad number.
    const body = bodyOf(request);
    const input = {
      user_id: request.params.id,
      daily_limit: body.daily_limit,
      ...('daily_token_limit' in body && { daily_token_limit: body.daily_token_limit }),
    };
    const quota = await callAsWith(callerOfHttp(request), bus, aiOperations.setQuota, () => input);
    response.json({ message: 'AI quota updated successfully', data: quota });
  });
  return router;
}
