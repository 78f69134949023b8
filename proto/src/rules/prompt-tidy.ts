/**
 * What Refine does without an AI key (the offline provider): the same prompt, tidied. Words repeated in a row
 * are said once, spacing around punctuation is fixed, and the generator flags (`--ar 16:9`, `--v 6`, `--tile`)
 * are kept exactly as written, once each, at the end.
 */

/** The system message of a Refine request; the offline provider knows a Refine by it. */
export const REFINE_INSTRUCTION =
  'You refine prompts for an image generator. Keep the subject and every listed element, make the ' +
  'wording vivid and precise, and answer with the refined prompt only, without parameters or quotes.';

/** Told to the user beside an offline refine, so a tidied prompt is never taken for an AI rewrite. */
export const OFFLINE_REFINE_MESSAGE =
  'Refined offline: no AI key is set, so the prompt was tidied (repeated words, spacing), not rewritten.';

/** Flags that take no value; every other flag takes the token after it (unless that is a flag too). */
const VALUELESS_FLAGS = new Set(['tile', 'video', 'turbo', 'fast', 'relax', 'draft']);
const FLAG = /^--\p{L}[\p{L}\p{N}_-]*$/u;

export interface PromptParts {
  /** The prompt without its flags, words separated by single spaces. */
  text: string;
  /** Each flag with its value ('--ar 16:9'), in the order written; a flag written twice is kept once. */
  flags: string[];
}

/** Splits the generator flags from the words, wherever they stand. */
export function splitPromptFlags(prompt: string): PromptParts {
  const tokens = prompt.split(/\s+/u).filter(Boolean);
  const words: string[] = [];
  const flags: string[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (!FLAG.test(token)) {
      words.push(token);
      continue;
    }
    const next = tokens[index + 1];
    const takesValue =
      !VALUELESS_FLAGS.has(token.slice(2).toLowerCase()) && next !== undefined && !next.startsWith('--');
    const flag = takesValue ? `${token} ${next}` : token;
    if (takesValue) index++;
    if (!flags.some((kept) => kept.toLowerCase() === flag.toLowerCase())) flags.push(flag);
  }
  return { text: words.join(' '), flags };
}

/** One space after a comma, semicolon or a colon before a letter, none before; one space after a sentence. */
function fixSpacing(text: string): string {
  return text
    .replace(/\s+([,.;:!?)\]])/gu, '$1')
    .replace(/([([])\s+/gu, '$1')
    .replace(/,(\s*,)+/gu, ',')
    .replace(/;(\s*;)+/gu, ';')
    .replace(/\.(\s+\.)+/gu, '.')
    .replace(/([,;])(?=[^\s\d])/gu, '$1 ')
    .replace(/:(?=\p{L})/gu, ': ')
    .replace(/([.!?])(?=\p{Lu})/gu, '$1 ')
    .replace(/\s{2,}/gu, ' ')
    .replace(/^[\s,;]+|[\s,;]+$/gu, '');
}

const LEADING = /^[^\p{L}\p{N}]*/u;
const TRAILING = /[^\p{L}\p{N}]*$/u;
const coreOf = (token: string) => token.replace(LEADING, '').replace(TRAILING, '').toLowerCase();

/**
 * A word equal (ignoring case) to the one before it, in the same clause — nothing or a comma between them — is
 * dropped: 'a cat cat' → 'a cat', 'Light, light, Shadow' → 'Light, Shadow'. A full stop between keeps both.
 */
function dropRepeatedWords(text: string): string {
  const kept: string[] = [];
  for (const token of text.split(' ').filter(Boolean)) {
    const previous = kept[kept.length - 1];
    const core = coreOf(token);
    const sameClause = previous !== undefined && /^,?$/u.test(previous.match(TRAILING)![0]);
    if (previous !== undefined && core !== '' && sameClause && coreOf(previous) === core) {
      // The first spelling stays; the closing punctuation of the dropped one ('cat cat.' → 'cat.') is kept.
      kept[kept.length - 1] = previous.replace(TRAILING, '') + token.match(TRAILING)![0];
      continue;
    }
    kept.push(token);
  }
  return kept.join(' ');
}

/** The offline Refine: the prompt tidied, its flags intact at the end. */
export function tidyPrompt(prompt: string): string {
  const { text, flags } = splitPromptFlags(prompt);
  return [dropRepeatedWords(fixSpacing(text)), ...flags].filter(Boolean).join(' ');
}
