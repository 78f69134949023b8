import {
  checkPrompt,
  countClipTokens,
  hasNegativePrompt,
  loadClipTokenizer,
  type ParsedRequestOf,
  type RequestContext,
  type streamOperations,
} from '@promptloom/proto';
import { requireSignedInCaller, type Bus } from '@promptloom/shared';
import { readClipMerges } from './clip-merges';

type Check = ParsedRequestOf<(typeof streamOperations)['check']>;

/** The checker of issue #18 on the server: the problems of a prompt for its target and, for SD/Flux, its tokens. */
export async function checkStreamPrompt(bus: Bus, request: Check, context: RequestContext) {
  await requireSignedInCaller(bus, context);
  const clip = hasNegativePrompt(request.target);
  if (clip) await loadClipTokenizer(readClipMerges);
  return {
    problems: checkPrompt(request.target, request.prompt, request.negativePrompt ?? undefined),
    tokens: clip ? countClipTokens(request.prompt) : null,
    negativeTokens:
      clip && typeof request.negativePrompt === 'string' ? countClipTokens(request.negativePrompt) : null,
  };
}
