import { Router } from 'express';
import { aiOperations, type PreviousSettings } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { callAsWith } from '../../auth/call-as';
import { callerOfHttp } from '../../auth/caller';

/** SPEC §7 previous settings: each read answers the envelope the spec's client reads. */
const READS: Record<string, (settings: PreviousSettings) => unknown> = {
  prev_model: (s) => ({ ai_model: { ai_model: s.ai_model } }),
  prev_frequency: (s) => ({ frequency: { frequency: s.frequency } }),
  prev_agent_role: (s) => ({ agent_role: { agent_role: s.agent_role } }),
  prev_reference_name: (s) => ({ name: { name: s.name } }),
  prev_date: (s) => ({ date: s.date }),
};

const PREFIXES = [
  ['/api/ai', 'tl'],
  ['/api/ai/bl', 'bl'],
  ['/api/ai/tr', 'tr'],
] as const;

export function aiPreviousSettingsRoutes(bus: Bus): Router {
  const router = Router();
  for (const [prefix, family] of PREFIXES) {
    for (const [read, envelope] of Object.entries(READS)) {
      router.get(`${prefix}/${read}/:userId`, async (request, response) => {
        const input = { family, user_id: request.params.userId };
        const operation = aiOperations.previousSettings;
        const settings = await callAsWith(callerOfHttp(request), bus, operation, () => input);
        response.json(envelope(settings));
      });
    }
  }
  return router;
}
