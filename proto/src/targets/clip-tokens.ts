import { ClipBpe } from './clip-bpe';
import { readWeightedText } from './read-text';
import { CLIP_PROMPT_TOKENS, CLIP_WINDOW } from './sd-syntax';

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
 * Loads the CLIP tokenizer once, from the text of proto/assets/clip-merges.txt that `readMerges` gives: the web
 * client fetches it (a cached static file, only when a Stable Diffusion / Flux target is chosen), a server reads it
 * from disk. A failed read can be tried again.
 */
export function loadClipTokenizer(readMerges: () => Promise<string>): Promise<void> {
  loading ??= readMerges().then(
    (merges) => {
      tokenizer = new ClipBpe(merges);
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export const isClipTokenizerLoaded = (): boolean => tokenizer !== null;

/**
 * Counts a prompt's CLIP tokens against the 77-token window of Stable Diffusion XL and Flux, and says where the
 * part past the window begins. The text is read as the runners read it: weight syntax (`(castle:1.2)`, `((x))`,
 * `[x]`) and `<lora:…>` are not tokens. Call (and await) `loadClipTokenizer()` first.
 */
export function countClipTokens(text: string): TokenCount {
  const bpe = tokenizer;
  if (!bpe) throw new Error('The CLIP tokenizer is not loaded yet: await loadClipTokenizer() first.');
  // Where each token starts in the prompt.
  const starts = readWeightedText(text).flatMap((run) =>
    bpe.tokenize(run.text).map((token) => run.offsets[token.start] ?? text.length),
  );
  return {
    count: starts.length,
    limit: CLIP_PROMPT_TOKENS,
    window: CLIP_WINDOW,
    cutAt: starts[CLIP_PROMPT_TOKENS] ?? null,
  };
}
