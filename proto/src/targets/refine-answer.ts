import { repairPrompt } from './check';
import { scanFlags, valueCount, type Token } from './flags';
import { findMidjourneyParameter } from './midjourney-parameters';
import { MIDJOURNEY_TARGET_PARAMETERS } from './render-midjourney';
import { PROMPT_TARGET_LABELS, midjourneyVersionOf, targetFamily, type PromptTarget } from './targets';

/**
 * Told to the AI beside REFINE_INSTRUCTION (which stays the first system message, so the offline provider still
 * knows a Refine): the syntax of the chosen target.
 */
export function refineTargetInstruction(target: PromptTarget): string {
  const label = PROMPT_TARGET_LABELS[target];
  switch (targetFamily(target)) {
    case 'midjourney':
      return `The prompt is for ${label}. Keep any multi-prompt weights written as word::2; write no -- parameters.`;
    case 'weighted':
      return (
        `The prompt is for ${label}: comma-separated phrases, most important first, at most about 60 words. ` +
        'Keep any weights written as (words:1.2); write no -- parameters and no :: weights.'
      );
    case 'natural':
      return `The prompt is for ${label}: plain descriptive sentences, no parameters, no weights, no brackets.`;
  }
}

const TARGET_OWN = new Set(['ar', 'v', 'q', 'niji']);

/** The words of a prompt and its flags (each with its value), with the flags' tokens taken out of the words. */
export function splitFlags(prompt: string): { words: string; flags: string[] } {
  const { words, flags } = scanFlags(prompt);
  const kept: Token[] = [...words];
  const written: string[] = [];
  for (const group of flags) {
    const taken = valueCount(group, null);
    written.push([group.token, ...group.following.slice(0, taken)].map((token) => token.text).join(' '));
    kept.push(...group.following.slice(taken));
  }
  return { words: kept.map((token) => token.text).join(' '), flags: written };
}

export type RefinedAnswer = { ok: true; prompt: string; repairs: string[] } | { ok: false; message: string };

/**
 * Turns the AI's answer into a prompt for the target, or refuses it. Midjourney: the answer's words, the user's
 * own flags (`--no`, `--stylize` …) and the target's parameters at the end, as the Stream prompt has them. Every
 * target: the checker runs, each fixable problem is fixed; an error it cannot fix refuses the answer.
 */
export function finishRefinedAnswer(target: PromptTarget, answer: string, userPrompt: string): RefinedAnswer {
  const version = midjourneyVersionOf(target);
  let prompt = answer.trim();
  if (version) {
    const userFlags = splitFlags(userPrompt).flags.filter((flag) => {
      const parameter = findMidjourneyParameter(flag.split(' ')[0]!.replace(/^\W+/u, ''));
      return !parameter || !TARGET_OWN.has(parameter.name);
    });
    prompt = [splitFlags(prompt).words, ...userFlags, MIDJOURNEY_TARGET_PARAMETERS[version]].join(' ');
  }
  const repaired = repairPrompt(target, prompt);
  const error = repaired.problems.find((problem) => problem.severity === 'error');
  if (error)
    return {
      ok: false,
      message: `The AI's answer is not a valid ${PROMPT_TARGET_LABELS[target]} prompt (${error.message}); the prompt is unchanged.`,
    };
  return { ok: true, prompt: repaired.prompt, repairs: repaired.applied };
}
