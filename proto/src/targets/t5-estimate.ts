import { readWeightedText } from './read-text';

/** SentencePiece vocabularies such as T5's average about 1.3 tokens per English word. */
export const T5_TOKENS_PER_WORD = 1.3;

/** A Latin-script word or a number; any other letter; any other visible character. */
const PIECE = /[\p{Script=Latin}\p{M}]+|\p{N}+|\p{L}|[^\s\p{L}\p{N}]/gu;
const isWord = (piece: string) => /^[\p{Script=Latin}\p{N}]/u.test(piece);

/**
 * An estimate of the T5 tokens of a prompt (Flux's main text encoder), with the place of each: there is no T5
 * vocabulary here (its 32,000 SentencePiece pieces are not shipped), so a Latin-script word or number counts 1.3,
 * and a punctuation mark or a character of another script 1. Weight syntax is read as the runners read it.
 * Gives where each token (rounded up) starts in the prompt.
 */
export function estimateT5TokenStarts(prompt: string): number[] {
  const starts: number[] = [];
  let total = 0;
  for (const run of readWeightedText(prompt))
    for (const match of run.text.matchAll(PIECE)) {
      total += isWord(match[0]) ? T5_TOKENS_PER_WORD : 1;
      const start = run.offsets[match.index] ?? prompt.length;
      while (starts.length < Math.ceil(total - 1e-9)) starts.push(start);
    }
  return starts;
}
