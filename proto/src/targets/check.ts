import { CHECK_PROMPT_MAX_CHARS } from './check-input';
import { checkMidjourney } from './check-midjourney';
import { checkNatural } from './check-natural';
import { checkWeighted } from './check-weighted';
import { applyFix, type ProblemField, type PromptProblem } from './problems';
import { readingWindowOf } from './reading-windows';
import { PROMPT_TARGET_LABELS, hasNegativePrompt, midjourneyVersionOf, type PromptTarget } from './targets';

const byPosition = (a: PromptProblem, b: PromptProblem): number =>
  a.field === b.field ? a.start - b.start || a.end - b.end : a.field === 'prompt' ? -1 : 1;

/**
 * Issue 18: every problem of a prompt for the chosen target, in order, each with a plain-words message and a
 * fix where there is one. Pure and fast (a 2,000-character prompt in well under 2 ms): run it on every keystroke.
 * The negative prompt is checked only for targets that have one (Stable Diffusion XL).
 */
export function checkPrompt(
  target: PromptTarget,
  prompt: string,
  negativePrompt?: string | null,
): PromptProblem[] {
  const pasted = [tooLongToCheck('prompt', prompt), tooLongToCheck('negativePrompt', negativePrompt ?? '')];
  if (pasted.some(Boolean)) return pasted.filter((problem): problem is PromptProblem => problem !== null);
  const label = PROMPT_TARGET_LABELS[target];
  const version = midjourneyVersionOf(target);
  if (version) return checkMidjourney(version, prompt).sort(byPosition);
  const reading = readingWindowOf(target);
  if (reading?.kind === 'characters') return checkNatural(prompt, label, reading.limit).sort(byPosition);
  const negative = hasNegativePrompt(target);
  return [
    ...checkWeighted(prompt, 'prompt', label, negative),
    ...(negative && negativePrompt ? checkWeighted(negativePrompt, 'negativePrompt', label, true) : []),
  ].sort(byPosition);
}

/** A paste longer than the checker reads (a 100 KB paste) is one problem, found at once, instead of thousands. */
function tooLongToCheck(field: ProblemField, text: string): PromptProblem | null {
  if (text.length <= CHECK_PROMPT_MAX_CHARS) return null;
  const limit = CHECK_PROMPT_MAX_CHARS.toLocaleString('en');
  return {
    field,
    start: CHECK_PROMPT_MAX_CHARS,
    end: text.length,
    message: `This is ${text.length.toLocaleString('en')} characters, more than any generator reads; it is checked up to ${limit}.`,
    fix: { label: `Cut to ${limit} characters`, replacement: '' },
    code: 'too-long',
    severity: 'error',
  };
}

export interface RepairedPrompt {
  prompt: string;
  negativePrompt: string | null;
  /** The fixes applied, by label, in order. */
  applied: string[];
  /** What is left: problems without a fix. */
  problems: PromptProblem[];
}

const MAX_REPAIRS = 100;

/** Applies fixes one at a time, re-checking after each, until only problems without a fix are left. */
export function repairPrompt(
  target: PromptTarget,
  prompt: string,
  negativePrompt: string | null = null,
): RepairedPrompt {
  const text = { prompt, negativePrompt };
  const applied: string[] = [];
  for (let round = 0; round < MAX_REPAIRS; round++) {
    const problems = checkPrompt(target, text.prompt, text.negativePrompt);
    const next = problems.find((problem) => {
      const current = text[problem.field] ?? '';
      return problem.fix !== null && applyFix(current, problem) !== current;
    });
    if (!next) return { ...text, applied, problems };
    text[next.field] = applyFix(text[next.field] ?? '', next);
    applied.push(next.fix!.label);
  }
  return { ...text, applied, problems: checkPrompt(target, text.prompt, text.negativePrompt) };
}
