import { checkFlagsAbsent, checkMultiPrompts } from './check-shared';
import type { PromptProblem } from './problems';
import { NATURAL_PROMPT_MAX_CHARS } from './sd-syntax';

const SD_WEIGHT = /\(([^()]+?)(?::\s*[-+]?(?:\d+\.?\d*|\.\d+))\s*\)/gu;

/** Checks a DALL·E 3 / GPT-Image prompt: plain sentences, no flags or weights, not longer than it reads. */
export function checkNatural(text: string, label: string): PromptProblem[] {
  const weights: PromptProblem[] = [...text.matchAll(SD_WEIGHT)].map((match) => ({
    field: 'prompt',
    start: match.index,
    end: match.index + match[0].length,
    message: `${match[0]} is Stable Diffusion's weight syntax; ${label} reads it as text. Say it in words instead.`,
    fix: { label: `Write ${match[1]!.trim()}`, replacement: match[1]!.trim() },
    code: 'foreign-syntax',
    severity: 'warning',
  }));
  const problems = [
    ...checkFlagsAbsent(text, 'prompt', label),
    ...checkMultiPrompts(text, 'prompt', label, false),
    ...weights,
  ];
  if (text.length > NATURAL_PROMPT_MAX_CHARS) {
    const cut = text.lastIndexOf(' ', NATURAL_PROMPT_MAX_CHARS);
    const start = cut > NATURAL_PROMPT_MAX_CHARS / 2 ? cut : NATURAL_PROMPT_MAX_CHARS;
    problems.push({
      field: 'prompt',
      start,
      end: text.length,
      message:
        `The prompt is ${text.length.toLocaleString('en')} characters; ${label} reads at most ` +
        `${NATURAL_PROMPT_MAX_CHARS.toLocaleString('en')}.`,
      fix: { label: `Cut to ${NATURAL_PROMPT_MAX_CHARS.toLocaleString('en')} characters`, replacement: '' },
      code: 'too-long',
      severity: 'error',
    });
  }
  return problems;
}
