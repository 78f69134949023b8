import {
  NO_RESPONSE_FROM_AI,
  STREAM_PROMPT_PARAMETERS,
  aiChatOperation,
  type ParsedRequestOf,
  type RequestContext,
  type streamOperations,
} from '@promptloom/proto';
import { call, requireSignedInCaller, type Bus } from '@promptloom/shared';

type Refine = ParsedRequestOf<typeof streamOperations.refine>;

const AI_TIMEOUT_MS = 60_000;
const GENERATOR_PARAMETER = /\s*--(?:ar|v|q)\b\s+\S+/g;

/** The Stream page's Refine (SPEC §2): the AI rewrites the prompt; the generator parameters always end it. */
export async function refinePrompt(bus: Bus, request: Refine, context: RequestContext) {
  await requireSignedInCaller(bus, context);
  const reply = await call(
    bus,
    aiChatOperation,
    {
      model: request.model,
      messages: [
        {
          role: 'system',
          content:
            'You refine prompts for an image generator. Keep the subject and every listed element, make the ' +
            'wording vivid and precise, and answer with the refined prompt only, without parameters or quotes.',
        },
        { role: 'user', content: withoutParameters(request.prompt) },
      ],
    },
    { context, timeoutMs: AI_TIMEOUT_MS },
  );
  const refined = withoutParameters(reply.content)
    .replace(/^["'`]+|["'`]+$/g, '')
    .trim();
  if (!refined) return { refined: false, prompt: request.prompt, message: NO_RESPONSE_FROM_AI };
  return { refined: true, prompt: `${refined} ${STREAM_PROMPT_PARAMETERS}`, message: null };
}

/** The prompt without `--ar 16:9`, `--v 6`, `--q 2`, so they are added back exactly once. */
export function withoutParameters(prompt: string): string {
  return prompt.replace(GENERATOR_PARAMETER, '').trim();
}
