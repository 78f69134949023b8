/** Which box a problem is in. */
export type ProblemField = 'prompt' | 'negativePrompt';

/** A one-click fix: `replacement` takes the place of `text.slice(start, end)`. */
export interface PromptFix {
  label: string;
  replacement: string;
}

/** What kind of problem it is, for tests and for the page to pick an icon; the message says it in words. */
export type ProblemCode =
  | 'unknown-parameter'
  | 'not-in-version'
  | 'wrong-version'
  | 'missing-value'
  | 'bad-value'
  | 'out-of-range'
  | 'duplicate-parameter'
  | 'words-after-parameters'
  | 'long-dash'
  | 'no-text'
  | 'weights-total'
  | 'bad-weight'
  | 'foreign-syntax'
  | 'flag-in-prompt'
  | 'unbalanced'
  | 'empty-group'
  | 'too-long';

export interface PromptProblem {
  field: ProblemField;
  /** Character offsets in the field's text; the span to mark. */
  start: number;
  end: number;
  /** In plain words, with the chosen version's real values. */
  message: string;
  fix: PromptFix | null;
  code: ProblemCode;
  /** An error breaks the prompt or is ignored by the generator; a warning only weakens it. Neither blocks copying. */
  severity: 'error' | 'warning';
}

/** The text with the problem's fix applied; the same text when the problem has no fix. */
export function applyFix(text: string, problem: PromptProblem): string {
  if (!problem.fix) return text;
  return text.slice(0, problem.start) + problem.fix.replacement + text.slice(problem.end);
}

/** Numbers as Midjourney's documentation writes them: '.25', '1000', '1.5'. */
export function formatNumber(value: number): string {
  const text = String(Number(value.toFixed(4)));
  return text.startsWith('0.') ? text.slice(1) : text.startsWith('-0.') ? `-${text.slice(2)}` : text;
}

/** 'a, b or c'. */
export function joinWithOr(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/**
 * The span that removes `text.slice(start, end)` cleanly: with the spaces after it, or, at the end of the text,
 * with the spaces before it, so no double or trailing space is left.
 */
export function removalSpan(text: string, start: number, end: number): { start: number; end: number } {
  let after = end;
  while (after < text.length && /\s/u.test(text[after]!)) after++;
  if (after < text.length) return { start, end: after };
  let before = start;
  while (before > 0 && /\s/u.test(text[before - 1]!)) before--;
  return { start: before, end: text.length };
}
