import { hasEffectiveMarks, splitByMarks, type TargetPromptInput, type WeightedPart } from './marks';
import { joinWithAnd, qualityWords, subjectOf, tidyElements, tidyNames } from './render-text';

/** One weight step is 0.1, as one pair of parentheses is in Stable Diffusion: +2 → 1.2, −1 → 0.9. */
export const WEIGHT_STEP = 0.1;

export const stepWeight = (weight: WeightedPart['weight']): string => (1 + weight * WEIGHT_STEP).toFixed(1);

/** Parentheses and brackets in a name are written literally (`\(`), not read as emphasis. */
const escapeName = (name: string): string => name.replace(/[()[\]]/gu, (bracket) => `\\${bracket}`);

const describe = (name: string, details: readonly string[]): string =>
  details.length > 0 ? `${name} with ${joinWithAnd(details)}` : name;

/**
 * Stable Diffusion XL / Flux: comma-separated phrases, weighted items as `(Light:1.1)`, no `--` flags; the avoided
 * items apart: as the negative prompt where the target has one, and by name.
 */
export function renderWeighted(input: TargetPromptInput): {
  prompt: string;
  negativePrompt: string;
  avoided: string[];
} {
  const { rest, weighted, avoided } = hasEffectiveMarks(input.marks)
    ? splitByMarks(input.selection, input.marks)
    : { rest: input.selection, weighted: [], avoided: [] };
  const subject = subjectOf(rest.types.map(escapeName));
  const phrases = [
    input.toggles.hyperRealistic ? `hyper-realistic ${subject}` : subject,
    ...tidyNames(rest.proItems).map(escapeName),
    ...tidyElements(rest.elements).map((element) =>
      describe(escapeName(element.name), element.details.map(escapeName)),
    ),
    ...tidyNames(rest.signature).map(escapeName),
    ...weighted.map(
      (part) =>
        `(${describe(escapeName(part.name), part.details.map(escapeName))}:${stepWeight(part.weight)})`,
    ),
    ...qualityWords(input.toggles),
  ];
  const avoidedNames = tidyNames(avoided);
  return {
    prompt: phrases.join(', '),
    negativePrompt: avoidedNames.map(escapeName).join(', '),
    avoided: avoidedNames,
  };
}
