import { checkFlagsAbsent, checkMultiPrompts } from './check-shared';
import type { PromptProblem } from './problems';

const SD_WEIGHT = /\(([^()]+?)(?::\s*[-+]?(?:\d+\.?\d*|\.\d+))\s*\)/gu;

/** Checks a DALL·E / GPT Image prompt: plain sentences, no flags or weights, not past the `maxChars` it reads. */
export function checkNatural(text: string, label: string, maxChars: number): PromptProblem[] {
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
    ...checkFlagsAbsent(text, 'prompt', label, false),
    ...checkMultiPrompts(text, 'prompt', label, false),
    ...weights,
  ];
  if (text.length > maxChars) {
    const cut = text.lastIndexOf(' ', maxChars);
    const start = cut > maxChars / 2 ? cut : maxChars;
    problems.push({
      field: 'prompt',
      start,
      end: text.length,
      message:
        `The prompt is ${text.length.toLocaleString('en')} characters; ${label} reads at most ` +
        `${maxChars.toLocaleString('en')}.`,
      fix: { label: `Cut to ${maxChars.toLocaleString('en')} characters`, replacement: '' },
      code: 'too-long',
      severity: 'error',
    });
  }
  return problems;
}
