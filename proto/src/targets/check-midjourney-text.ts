import { formatNumber, type PromptProblem } from './problems';
import type { MidjourneyVersion } from './targets';

type Problem = Omit<PromptProblem, 'field'>;

const MULTI_PROMPT = /(:{2,})(\s*[-+]?(?:\d+\.?\d*|\.\d+)(?![\w.]))?/gu;

/**
 * Midjourney's multi-prompts (`space::2 ship`): each `::` ends a part, the number after it is that part's
 * weight (1 if none), and the weights must add up to more than 0.
 */
export function checkMultiPromptWeights(version: MidjourneyVersion, text: string): Problem[] {
  void version;
  const problems: Problem[] = [];
  let total = 0;
  let parts = 0;
  let lastEnd = 0;
  let first = -1;
  for (const match of text.matchAll(MULTI_PROMPT)) {
    if (first < 0) first = match.index;
    const colons = match[1]!;
    if (colons.length > 2)
      problems.push({
        start: match.index,
        end: match.index + colons.length,
        message: `"${colons}" has ${colons.length} colons; a Midjourney multi-prompt weight is written with two: ::`,
        fix: { label: 'Write ::', replacement: '::' },
        code: 'bad-weight',
        severity: 'error',
      });
    total += match[2] ? Number(match[2].trim()) : 1;
    parts++;
    lastEnd = match.index + match[0].length;
  }
  if (parts === 0) return problems;
  if (text.slice(lastEnd).trim()) total += 1;
  if (total <= 0)
    problems.push({
      start: first,
      end: lastEnd,
      message: `The multi-prompt weights add up to ${formatNumber(total)}; Midjourney needs a total above 0.`,
      fix: null,
      code: 'weights-total',
      severity: 'error',
    });
  return problems;
}

/** `{red, blue} bird` permutations need their braces closed. */
export function checkBraces(text: string): Problem[] {
  const open: number[] = [];
  const problems: Problem[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '{') open.push(index);
    else if (char === '}' && open.pop() === undefined) problems.push(strayBracket(index, '}'));
  }
  return [...problems, ...open.map((index) => strayBracket(index, '{'))].sort((a, b) => a.start - b.start);
}

export function strayBracket(index: number, char: string): Problem {
  const opens = '([{'.includes(char);
  return {
    start: index,
    end: index + 1,
    message: opens ? `This ${char} is never closed.` : `This ${char} closes nothing.`,
    fix: { label: `Remove this ${char}`, replacement: '' },
    code: 'unbalanced',
    severity: 'error',
  };
}

const SD_WEIGHT = /\(([^():]+?):\s*([-+]?(?:\d+\.?\d*|\.\d+))\s*\)/gu;

/** `(cat:1.2)` is Stable Diffusion's weight; Midjourney writes `cat::1.2`. */
export function checkForeignWeights(text: string): Problem[] {
  return [...text.matchAll(SD_WEIGHT)].map((match) => {
    const words = match[1]!.trim();
    const weight = formatNumber(Number(match[2]));
    return {
      start: match.index,
      end: match.index + match[0].length,
      message: `${match[0]} is Stable Diffusion's weight syntax; Midjourney writes ${words}::${weight}.`,
      fix: { label: `Write ${words}::${weight}`, replacement: `${words}::${weight}` },
      code: 'foreign-syntax',
      severity: 'warning',
    };
  });
}
