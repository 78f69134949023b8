import { strayBracket } from './check-midjourney-text';
import { checkFlagsAbsent, checkMultiPrompts } from './check-shared';
import { formatNumber, type ProblemField, type PromptProblem } from './problems';
import { SD_WEIGHT_RANGE } from './sd-syntax';

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)$/u;

/**
 * Checks a Stable Diffusion XL / Flux prompt (or negative prompt): brackets, weights, no flags. `negativePrompt`:
 * whether the target has one (Flux has none).
 */
export function checkWeighted(
  text: string,
  field: ProblemField,
  label: string,
  negativePrompt: boolean,
): PromptProblem[] {
  return [
    ...checkAttention(text, label, negativePrompt),
    ...checkFlagsAbsent(text, field, label, negativePrompt),
    ...checkMultiPrompts(text, field, label, true),
  ].map((problem) => ({ ...problem, field }));
}

type Problem = Omit<PromptProblem, 'field'> & { field?: ProblemField };

/** `(…)` and `[…]` closed in order (`\(` is a literal, `<lora:…>` is skipped), and each `(words:w)` in range. */
function checkAttention(text: string, label: string, negativePrompt: boolean): Problem[] {
  const problems: Problem[] = [];
  const open: { char: string; index: number }[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '\\') {
      index++;
    } else if (char === '<') {
      const close = text.indexOf('>', index);
      if (close > index) index = close;
    } else if (char === '(' || char === '[') {
      open.push({ char, index });
    } else if (char === ')' || char === ']') {
      const top = open[open.length - 1];
      if (top && top.char === (char === ')' ? '(' : '[')) {
        open.pop();
        if (char === ')') {
          const problem = checkGroup(text, top.index, index, label, negativePrompt);
          if (problem) problems.push(problem);
        }
      } else problems.push(strayBracket(index, char));
    }
  }
  problems.push(...open.map(({ char, index }) => strayBracket(index, char)));
  return problems.sort((a, b) => a.start - b.start);
}

function checkGroup(
  text: string,
  start: number,
  end: number,
  label: string,
  negativePrompt: boolean,
): Problem | null {
  const group = text.slice(start, end + 1);
  const content = group.slice(1, -1);
  if (!content.trim())
    return {
      start,
      end: end + 1,
      message: `${group} is empty.`,
      fix: { label: `Remove ${group}`, replacement: '' },
      code: 'empty-group',
      severity: 'warning',
    };
  const colon = content.lastIndexOf(':');
  if (colon < 0) return null;
  const words = content.slice(0, colon).trimEnd();
  const weight = content.slice(colon + 1).trim();
  const rewrite = (replacement: string, fixLabel = `Write ${replacement}`) => ({
    start,
    end: end + 1,
    fix: { label: fixLabel, replacement },
  });
  if (weight === '')
    return {
      ...rewrite(`(${words})`),
      message: `${group} has no weight after the colon; write one like (${words}:1.2) or leave the colon out.`,
      code: 'bad-weight',
      severity: 'error',
    };
  if (NUMBER.test(weight)) {
    const value = Number(weight);
    if (value >= SD_WEIGHT_RANGE.min && value <= SD_WEIGHT_RANGE.max) return null;
    const clamped = Math.min(SD_WEIGHT_RANGE.max, Math.max(SD_WEIGHT_RANGE.min, value));
    const range = `${SD_WEIGHT_RANGE.min}–${SD_WEIGHT_RANGE.max}`;
    return {
      ...rewrite(`(${words}:${formatNumber(clamped).replace(/^\./u, '0.')})`),
      message:
        value < 0
          ? `${group}: a weight below ${SD_WEIGHT_RANGE.min} does not remove "${words}"; ` +
            (negativePrompt
              ? 'put it in the negative prompt.'
              : `${label} has no negative prompt: leave it out.`)
          : `${group}: a weight of ${weight} is above the ${range} that ${label} handles; the image breaks up.`,
      code: 'out-of-range',
      severity: 'error',
    };
  }
  if (/^[-+]?[\d.,]+$/u.test(weight)) {
    const dotted = weight.replace(',', '.');
    const replacement = NUMBER.test(dotted) ? `(${words}:${dotted})` : `(${words})`;
    return {
      ...rewrite(replacement),
      message: `${group}: the weight must be a number like 1.2, not ${weight}.`,
      code: 'bad-weight',
      severity: 'error',
    };
  }
  return null;
}
