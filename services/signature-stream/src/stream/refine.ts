import {
  NO_RESPONSE_FROM_AI,
  OFFLINE_REFINE_MESSAGE,
  REFINE_INSTRUCTION,
  STREAM_PROMPT_PARAMETERS,
  aiChatOperation,
  tidyPrompt,
  type ParsedRequestOf,
  type RequestContext,
  type streamOperations,
} from '@promptloom/proto';
import { call, requireSignedInCaller, type Bus } from '@promptloom/shared';

type Refine = ParsedRequestOf<typeof streamOperations.refine>;

const AI_TIMEOUT_MS = 60_000;
const GENERATOR_PARAMETER = /\s*--(?:ar|v|q)\b\s+\S+/g;

/**
 * The Stream page's Refine (SPEC §2): the AI rewrites the prompt; the generator parameters always end it.
 * Without an AI key (the offline provider answered) the prompt is only tidied, its own flags kept, and says so.
 */
export async function refinePrompt(bus: Bus, request: Refine, context: RequestContext) {
  const caller = await requireSignedInCaller(bus, context);
  const reply = await call(
    bus,
    aiChatOperation,
    {
      model: request.model,
      messages: [
        { role: 'system', content: REFINE_INSTRUCTION },
        { role: 'user', content: withoutParameters(request.prompt) },
      ],
      audit: { userId: caller.userId, purpose: 'refine' },
    },
    { context, timeoutMs: AI_TIMEOUT_MS },
  );
  if (reply.offline)
    return {
      refined: true,
      prompt: tidyPrompt(request.prompt),
      message: OFFLINE_REFINE_MESSAGE,
      offline: true,
    };
  const refined = withoutParameters(reply.content)
    .replace(/^["'`]+|["'`]+$/g, '')
    .trim();
  if (!refined)
    return { refined: false, prompt: request.prompt, message: NO_RESPONSE_FROM_AI, offline: false };
  return { refined: true, prompt: `${refined} ${STREAM_PROMPT_PARAMETERS}`, message: null, offline: false };
}

/** The prompt without `--ar 16:9`, `--v 6`, `--q 2`, so they are added back exactly once. */
export function withoutParameters(prompt: string): string {
  return prompt.replace(GENERATOR_PARAMETER, '').trim();
}
