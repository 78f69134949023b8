import { ClipBpe } from './clip-bpe';
import { readWeightedText } from './read-text';

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
 * Where each CLIP token of a prompt starts, the text read as the runners read it: weight syntax (`(castle:1.2)`,
 * `((x))`, `[x]`) and `<lora:…>` are not tokens. Call (and await) `loadClipTokenizer()` first.
 */
export function clipTokenStarts(text: string): number[] {
  const bpe = tokenizer;
  if (!bpe) throw new Error('The CLIP tokenizer is not loaded yet: await loadClipTokenizer() first.');
  return readWeightedText(text).flatMap((run) =>
    bpe.tokenize(run.text).map((token) => run.offsets[token.start] ?? text.length),
  );
}
