import type { TargetPromptInput } from './marks';
import { renderMidjourney } from './render-midjourney';
import { renderNatural } from './render-natural';
import { renderWeighted } from './render-weighted';
import { midjourneyVersionOf, targetFamily, type PromptTarget } from './targets';

export interface RenderedPrompt {
  prompt: string;
  /** Only Stable Diffusion XL and Flux have one ('' when nothing is avoided); null for the others. */
  negativePrompt: string | null;
}

/** Issue 18: the one selection, written in the chosen target's own syntax. */
export function renderPrompt(target: PromptTarget, input: TargetPromptInput): RenderedPrompt {
  const version = midjourneyVersionOf(target);
  if (version) return { prompt: renderMidjourney(version, input), negativePrompt: null };
  if (targetFamily(target) === 'natural') return { prompt: renderNatural(input), negativePrompt: null };
  return renderWeighted(input);
}
