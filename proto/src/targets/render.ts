import type { TargetPromptInput } from './marks';
import { renderMidjourney } from './render-midjourney';
import { renderNatural } from './render-natural';
import { renderWeighted } from './render-weighted';
import { hasNegativePrompt, midjourneyVersionOf, targetFamily, type PromptTarget } from './targets';

export interface RenderedPrompt {
  prompt: string;
  /** Only Stable Diffusion XL has one ('' when nothing is avoided); null for the others. */
  negativePrompt: string | null;
  /** Avoided items the target has no way to say (Flux: no negative prompt), left out of the prompt. */
  leftOut: string[];
}

/** Issue 18: the one selection, written in the chosen target's own syntax. */
export function renderPrompt(target: PromptTarget, input: TargetPromptInput): RenderedPrompt {
  const version = midjourneyVersionOf(target);
  if (version) return { prompt: renderMidjourney(version, input), negativePrompt: null, leftOut: [] };
  if (targetFamily(target) === 'natural')
    return { prompt: renderNatural(input), negativePrompt: null, leftOut: [] };
  const { prompt, negativePrompt, avoided } = renderWeighted(input);
  if (hasNegativePrompt(target)) return { prompt, negativePrompt, leftOut: [] };
  // Flux: "without fog" in the prompt would bring fog in; the words are left out and the page says so.
  return { prompt, negativePrompt: null, leftOut: avoided };
}
