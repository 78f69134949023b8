import { STREAM_PROMPT_PARAMETERS, buildStreamPrompt } from '../rules/stream-prompt';
import { hasEffectiveMarks, splitByMarks, type TargetPromptInput, type WeightedPart } from './marks';
import { withParameters } from './prompt-parameters';
import type { MidjourneyVersion } from './targets';

/** The parameters each Midjourney target ends with; v6's are SPEC §9's, unchanged. */
export const MIDJOURNEY_TARGET_PARAMETERS: Record<MidjourneyVersion, string> = {
  '6': STREAM_PROMPT_PARAMETERS,
  '6.1': '--ar 16:9 --v 6.1 --q 2',
  '7': '--ar 16:9 --v 7 --q 2',
  'niji 6': '--ar 16:9 --niji 6 --q 2',
};

/**
 * Midjourney multi-prompt weights for −2…+2 steps. Weights are relative to the rest of the prompt (weight 1);
 * a negative weight would mean "leave out", which is what `--no` is for, so less is written as a fraction.
 */
export const MIDJOURNEY_STEP_WEIGHTS: Record<WeightedPart['weight'], number> = {
  [-2]: 0.25,
  [-1]: 0.5,
  [1]: 1.5,
  [2]: 2,
};

/** A name cannot open a flag ('--x') or a multi-prompt ('::') of its own. */
const safeName = (name: string): string =>
  name
    .replace(/:{2,}/gu, ':')
    .replace(/(^|\s)[-—–]{2,}/gu, '$1')
    .trim();

/** The sentences of the Stream prompt, without its parameters. */
function sentencesOf(input: TargetPromptInput, selection = input.selection): string {
  const prompt = buildStreamPrompt(selection, input.toggles);
  return prompt.slice(0, prompt.length - STREAM_PROMPT_PARAMETERS.length - 1);
}

/**
 * The Midjourney prompt: the Stream prompt's sentences, then each weighted item as its own multi-prompt part
 * (`Light::1.5`), then `--no` with the avoided items, then the target's parameters. With no marks, Midjourney
 * v6 gives exactly `buildStreamPrompt`.
 */
export function renderMidjourney(version: MidjourneyVersion, input: TargetPromptInput): string {
  const parameters = withParameters(MIDJOURNEY_TARGET_PARAMETERS[version], input.parameters);
  if (!hasEffectiveMarks(input.marks)) return `${sentencesOf(input)} ${parameters}`;
  const { rest, weighted, avoided } = splitByMarks(input.selection, input.marks);
  const parts = weighted
    .map((part) => ({
      ...part,
      name: safeName(part.name),
      details: part.details.map(safeName).filter(Boolean),
    }))
    .filter((part) => part.name !== '')
    .map((part) => {
      const text = part.details.length > 0 ? `${part.name} (${part.details.join(', ')})` : part.name;
      return `${text}::${MIDJOURNEY_STEP_WEIGHTS[part.weight]}`;
    });
  const avoid = avoided.map(safeName).filter(Boolean);
  const text =
    parts.length > 0 ? `${sentencesOf(input, rest)}:: ${parts.join(' ')}` : sentencesOf(input, rest);
  return [text, avoid.length > 0 && `--no ${avoid.join(', ')}`, parameters].filter(Boolean).join(' ');
}
