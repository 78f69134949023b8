import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { aiOperations, aiUserChatOperation } from '@promptloom/proto';
import { call, callWith, type Bus } from '@promptloom/shared';
import { requireRequestActor } from '../../auth/guards';
import { bodyOf } from './path-owner';

/**
 * SPEC §7 AI chat: the provider key stays on the server; the answer has the chat-completion shape. Only offered
 * models and bounded sizes pass, and each call counts against the user's daily AI quota (`GET /api/ai/quota`).
 */
export function aiChatRoutes(bus: Bus): Router {
  const router = Router();
  router.post('/api/chat', async (request, response) => {
    requireRequestActor(request);
    const reply = await callWith(bus, aiUserChatOperation, bodyOf(request), {
      context: request.context,
      timeoutMs: 120_000,
    });
    response.json({
      id: `chat-${randomUUID()}`,
      object: 'chat.completion',
      model: reply.model,
      offline: reply.offline,
      choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
    });
  });

  router.get('/api/ai/quota', async (request, response) => {
    const actor = requireRequestActor(request);
    const quota = await call(
      bus,
      aiOperations.getQuota,
      { user_id: actor.userId },
      { context: request.context },
    );
    response.json({ data: quota });
  });

  router.get('/api/ai/models', async (request, response) => {
    requireRequestActor(request);
    response.json(await call(bus, aiOperations.models, {}, { context: request.context }));
  });
  return router;
}
