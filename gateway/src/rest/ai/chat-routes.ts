import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { aiOperations, aiUserChatOperation } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAs, callAsWith } from '../../auth/call-as';
import { callerOfHttp } from '../../auth/caller';
import { bodyOf } from './route-input';

const CHAT_TIMEOUT_MS = 120_000;

/**
 * SPEC §7 AI chat: the provider key stays on the server; the answer has the chat-completion shape. Only offered
 * models and bounded sizes pass, and each call counts against the user's daily AI quota (`GET /api/ai/quota`).
 */
export function aiChatRoutes(bus: Bus): Router {
  const router = Router();
  router.post('/api/chat', async (request, response) => {
    const options = { timeoutMs: CHAT_TIMEOUT_MS };
    const caller = callerOfHttp(request);
    const reply = await callAsWith(caller, bus, aiUserChatOperation, () => bodyOf(request), options);
    response.json({
      id: `chat-${randomUUID()}`,
      object: 'chat.completion',
      model: reply.model,
      offline: reply.offline,
      choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
    });
  });

  router.get('/api/ai/quota', async (request, response) => {
    const quota = await callAs(callerOfHttp(request), bus, aiOperations.getQuota, (actor) => ({
      user_id: actor.userId,
    }));
    response.json({ data: quota });
  });

  router.get('/api/ai/models', async (request, response) => {
    response.json(await callAs(callerOfHttp(request), bus, aiOperations.models, () => ({})));
  });
  return router;
}
