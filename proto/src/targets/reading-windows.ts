import { CLIP_WINDOW } from './sd-syntax';
import type { PromptTarget } from './targets';

/** A text encoder's window: how many tokens of a prompt the model reads. */
export interface TokenWindow {
  encoder: 'CLIP' | 'T5';
  /** Positions of the window, markers included. */
  window: number;
  /** Positions the encoder's own markers take: CLIP's start and end (2), T5's end (1). */
  markers: number;
  /** True when the count is an estimate: there is no T5 vocabulary here. */
  estimated: boolean;
}

export const CLIP_TOKEN_WINDOW: TokenWindow = {
  encoder: 'CLIP',
  window: CLIP_WINDOW,
  markers: 2,
  estimated: false,
};

/**
 * T5's window in Flux's standard pipeline (diffusers' FluxPipeline, `max_sequence_length`): 512 for Flux dev, 256
 * for Flux schnell; the tokenizer's end marker takes one position.
 */
export const FLUX_T5_WINDOWS = {
  'flux-dev': { encoder: 'T5', window: 512, markers: 1, estimated: true },
  'flux-schnell': { encoder: 'T5', window: 256, markers: 1, estimated: true },
} as const satisfies Partial<Record<PromptTarget, TokenWindow>>;

/**
 * OpenAI's prompt limits in characters (https://platform.openai.com/docs/api-reference/images/create): 1,000 for
 * dall-e-2, 4,000 for dall-e-3, 32,000 for gpt-image-1.
 */
export const PROMPT_CHARACTER_LIMITS = {
  'dall-e-2': 1_000,
  'dall-e-3': 4_000,
  'gpt-image-1': 32_000,
} as const satisfies Partial<Record<PromptTarget, number>>;

/** What the model reads of a prompt: a token window (with CLIP's for Flux's pooled text), characters, or no limit. */
export type ReadingWindow =
  | { kind: 'tokens'; reads: TokenWindow; pooled: TokenWindow | null }
  | { kind: 'characters'; limit: number }
  | null;

/**
 * Stable Diffusion XL reads 77 CLIP tokens. Flux reads the prompt with T5 and gives CLIP only its first 77 tokens,
 * for the pooled text embedding; what T5 does not read is lost. DALL·E and GPT Image count characters. Midjourney
 * publishes no limit.
 */
export function readingWindowOf(target: PromptTarget): ReadingWindow {
  if (target === 'sdxl') return { kind: 'tokens', reads: CLIP_TOKEN_WINDOW, pooled: null };
  if (target === 'flux-dev' || target === 'flux-schnell')
    return { kind: 'tokens', reads: FLUX_T5_WINDOWS[target], pooled: CLIP_TOKEN_WINDOW };
  if (target in PROMPT_CHARACTER_LIMITS)
    return {
      kind: 'characters',
      limit: PROMPT_CHARACTER_LIMITS[target as keyof typeof PROMPT_CHARACTER_LIMITS],
    };
  return null;
}

/** Whether counting for the target needs the CLIP tokenizer loaded (Stable Diffusion and Flux). */
export const needsClipTokenizer = (target: PromptTarget): boolean =>
  readingWindowOf(target)?.kind === 'tokens';
