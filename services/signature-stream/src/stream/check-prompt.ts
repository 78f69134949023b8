import {
  checkPrompt,
  countClipTokens,
  countPromptTokens,
  hasNegativePrompt,
  loadClipTokenizer,
  needsClipTokenizer,
  type ParsedRequestOf,
  type streamOperations,
} from '@promptloom/proto';
import {} from '@promptloom/shared';
import { readClipMerges } from './clip-merges';

type Check = ParsedRequestOf<(typeof streamOperations)['check']>;

/**
 * The checker of issue #18 on the server: the problems of a prompt for its target and, for SD/Flux, its tokens
 * (Flux: T5's, estimated, and CLIP's for the pooled text).
 */
export async function checkStreamPrompt(request: Check) {
  if (needsClipTokenizer(request.target)) await loadClipTokenizer(readClipMerges);
  const counted = countPromptTokens(request.target, request.prompt);
  const negative = hasNegativePrompt(request.target) ? request.negativePrompt : null;
  return {
    problems: checkPrompt(request.target, request.prompt, request.negativePrompt ?? undefined),
    tokens: counted?.tokens ?? null,
    negativeTokens: typeof negative === 'string' ? countClipTokens(negative) : null,
    pooledTokens: counted?.pooled ?? null,
  };
}
