import { scanFlags, valueCount } from './flags';
import { findMidjourneyParameter } from './midjourney-parameters';
import { formatNumber, removalSpan, type ProblemField, type PromptProblem } from './problems';

/**
 * `--flags` in a prompt for a generator that has none: each is read as words. `negativePrompt`: whether the
 * target has one, where `--no`'s words belong.
 */
export function checkFlagsAbsent(
  text: string,
  field: ProblemField,
  label: string,
  negativePrompt: boolean,
): PromptProblem[] {
  return scanFlags(text).flags.map((group) => {
    const taken = group.following.slice(0, valueCount(group, null));
    const end = (taken[taken.length - 1] ?? group.token).end;
    const written = text.slice(group.token.start, end);
    const known = findMidjourneyParameter(group.name);
    const hint =
      known?.name !== 'no' || field !== 'prompt'
        ? ''
        : negativePrompt
          ? ' Put the words to avoid in the negative prompt.'
          : ` ${label} has no negative prompt: leave the words out.`;
    return {
      field,
      ...removalSpan(text, group.token.start, end),
      message: `${written} is ${known ? 'a Midjourney parameter' : 'a flag'}; ${label} has no flags and reads it as words.${hint}`,
      fix: { label: `Remove ${written}`, replacement: '' },
      code: 'flag-in-prompt',
      severity: 'error',
    };
  });
}

const MULTI_PROMPT_WEIGHT = /::\s*([-+]?(?:\d+\.?\d*|\.\d+))?(?![\w.])/gu;
const CHUNK_END = new Set([',', '.', ';', ':', '(', ')', '[', ']']);

/** Where the words a `::` weighs begin: after the last comma, full stop, colon or bracket before it. */
function chunkStart(text: string, colons: number): number {
  let start = colons;
  while (start > 0 && !CHUNK_END.has(text[start - 1]!)) start--;
  return start;
}

/** Midjourney's `cat::2` in a prompt for another generator; `weighted` rewrites it as `(cat:2)`. */
export function checkMultiPrompts(
  text: string,
  field: ProblemField,
  label: string,
  weighted: boolean,
): PromptProblem[] {
  if (!text.includes('::')) return [];
  const flagEnds = scanFlags(text).flags.map((group) => {
    const taken = group.following.slice(0, valueCount(group, null));
    return { start: group.token.start, end: (taken[taken.length - 1] ?? group.token).end };
  });
  return [...text.matchAll(MULTI_PROMPT_WEIGHT)].flatMap((match) => {
    const colons = match.index;
    const from = chunkStart(text, colons);
    // The words weighted start after any flag (and its value) the chunk would otherwise swallow.
    const flag = flagEnds.filter((span) => span.start < colons && span.end > from).pop();
    if (flag && flag.end > colons) return [];
    const chunkFrom = flag ? flag.end : from;
    const chunk = text.slice(chunkFrom, colons);
    const words = chunk.trim();
    const weight = match[1] ? formatNumber(Number(match[1])) : null;
    const start = chunkFrom + (chunk.length - chunk.trimStart().length);
    const end = colons + match[0].length;
    const replacement = weighted && words && weight ? `(${words}:${Number(weight)})` : words;
    const problem: PromptProblem = {
      field,
      start,
      end,
      message: `"${text.slice(start, end)}" is Midjourney's weight syntax; ${label} reads it as text.${
        weighted ? ' Weights are written (words:1.2) here.' : ''
      }`,
      fix: { label: replacement ? `Write ${replacement}` : 'Remove ::', replacement },
      code: 'foreign-syntax',
      severity: 'warning',
    };
    return [problem];
  });
}
