import {
  PROMPT_TARGET_LABELS,
  countClipTokens,
  countPromptTokens,
  readingWindowOf,
  type PromptTarget,
  type TokenCount,
} from '@promptloom/proto';

/** What the page says under a prompt box about how much of it the model reads. */
export interface ReadingView {
  /** 'tokens' or 'characters': the line's id ends with it. */
  unit: 'tokens' | 'characters';
  /** '23 / 77 tokens', '≈ 40 / 512 T5 tokens (estimate)', '180 / 1,000 characters'. */
  count: string;
  /** Set when part of the text is past what the model reads: what happens to it, true for this target. */
  over: string | null;
  /** Where the dimmed end begins; null when nothing is dimmed. */
  cutAt: number | null;
  /** Flux: what CLIP reads for the pooled text. */
  note: string | null;
}

const number = (value: number) => value.toLocaleString('en');

/** The count with the encoder's markers, as its window holds them (CLIP's two, T5's one). */
const withMarkers = (tokens: TokenCount) => tokens.count + tokens.window - tokens.limit;

function overFor(target: PromptTarget, tokens: TokenCount): string {
  if (tokens.encoder === 'CLIP')
    return "the dimmed end is past CLIP's 77-token window (diffusers drops it; A1111 and ComfyUI read it as a second chunk)";
  return `the dimmed end is past the ${number(tokens.window)} T5 tokens ${PROMPT_TARGET_LABELS[target]} reads, and is cut off (where it starts is estimated)`;
}

function pooledNote(pooled: TokenCount): string {
  const first = `CLIP reads the first ${pooled.limit} tokens for the pooled text`;
  return pooled.cutAt === null
    ? `${first}: ${withMarkers(pooled)} / ${pooled.window}.`
    : `${first}: this prompt has ${pooled.count}, so CLIP sees only its start.`;
}

/**
 * How much of `text` the target's model reads. `canCountTokens`: whether the CLIP tokenizer is loaded; until then
 * (and for Midjourney, which publishes no limit) there is nothing to say.
 */
export function readingViewOf(
  target: PromptTarget,
  text: string,
  canCountTokens: boolean,
  field: 'prompt' | 'negativePrompt' = 'prompt',
): ReadingView | null {
  const window = readingWindowOf(target);
  if (window?.kind === 'characters') {
    const over = text.length > window.limit;
    return {
      unit: 'characters',
      count: `${number(text.length)} / ${number(window.limit)} characters`,
      over: over ? `${PROMPT_TARGET_LABELS[target]} reads at most ${number(window.limit)}` : null,
      cutAt: null,
      note: null,
    };
  }
  if (!window || !canCountTokens) return null;
  // Only Stable Diffusion has a negative prompt; CLIP reads it.
  const counted =
    field === 'negativePrompt'
      ? { tokens: countClipTokens(text), pooled: null }
      : countPromptTokens(target, text);
  if (!counted) return null;
  const { tokens, pooled } = counted;
  return {
    unit: 'tokens',
    count: tokens.estimated
      ? `≈ ${number(withMarkers(tokens))} / ${number(tokens.window)} T5 tokens (estimate)`
      : `${number(withMarkers(tokens))} / ${number(tokens.window)} tokens`,
    over: tokens.cutAt === null ? null : overFor(target, tokens),
    cutAt: tokens.cutAt,
    note: pooled ? pooledNote(pooled) : null,
  };
}
