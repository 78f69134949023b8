import { clipTokenStarts } from './clip-tokens';
import { CLIP_TOKEN_WINDOW, readingWindowOf, type TokenWindow } from './reading-windows';
import { estimateT5TokenStarts } from './t5-estimate';
import type { PromptTarget } from './targets';

export interface TokenCount {
  encoder: TokenWindow['encoder'];
  /** Tokens of the text, without the encoder's markers. */
  count: number;
  /** How many of them the encoder reads: the window less its markers (CLIP 75, T5 511 or 255). */
  limit: number;
  /** The whole window, markers included (CLIP 77, T5 512 or 256). */
  window: number;
  /** The character offset where the unread part begins; null when everything fits. */
  cutAt: number | null;
  /** True for T5, counted without its vocabulary. */
  estimated: boolean;
}

/** The tokens of a prompt: in the window the model reads it with, and, for Flux, in CLIP's for the pooled text. */
export interface PromptTokens {
  tokens: TokenCount;
  pooled: TokenCount | null;
}

function countIn(window: TokenWindow, text: string): TokenCount {
  const starts = window.encoder === 'CLIP' ? clipTokenStarts(text) : estimateT5TokenStarts(text);
  const limit = window.window - window.markers;
  return {
    encoder: window.encoder,
    count: starts.length,
    limit,
    window: window.window,
    cutAt: starts[limit] ?? null,
    estimated: window.estimated,
  };
}

/** CLIP's count of a text against its 77-token window (Stable Diffusion XL's prompt and negative prompt). */
export const countClipTokens = (text: string): TokenCount => countIn(CLIP_TOKEN_WINDOW, text);

/**
 * Counts a prompt for the target's text encoders; null for targets that count characters or nothing. Needs the
 * CLIP tokenizer loaded (`needsClipTokenizer`).
 */
export function countPromptTokens(target: PromptTarget, text: string): PromptTokens | null {
  const reading = readingWindowOf(target);
  if (reading?.kind !== 'tokens') return null;
  return {
    tokens: countIn(reading.reads, text),
    pooled: reading.pooled ? countIn(reading.pooled, text) : null,
  };
}
