import { hasEffectiveMarks, splitByMarks, type TargetPromptInput, type WeightedPart } from './marks';
import { capitalize, joinWithAnd, qualityWords, subjectOf, tidyElements, tidyNames } from './render-text';

/** How a weight reads in a sentence. */
export const NATURAL_WEIGHT_WORDS: Record<WeightedPart['weight'], string> = {
  [-2]: 'very subtle',
  [-1]: 'subtle',
  [1]: 'prominent',
  [2]: 'very prominent',
};

const withArticle = (phrase: string): string => `${/^[aeiou]/iu.test(phrase) ? 'An' : 'A'} ${phrase}`;

const describe = (name: string, details: readonly string[]): string =>
  details.length > 0 ? `${name} (${joinWithAnd(details)})` : name;

/** DALL·E 3 / GPT-Image: plain sentences, weights as words ("prominent", "subtle"), avoided items as "without …". */
export function renderNatural(input: TargetPromptInput): string {
  const { rest, weighted, avoided } = hasEffectiveMarks(input.marks)
    ? splitByMarks(input.selection, input.marks)
    : { rest: input.selection, weighted: [], avoided: [] };
  const subject = subjectOf(rest.types);
  const pro = tidyNames(rest.proItems);
  const elements = tidyElements(rest.elements).map((element) => describe(element.name, element.details));
  const signature = tidyNames(rest.signature);
  const quality = qualityWords(input.toggles);
  const emphasis = weighted.map(
    (part) => `${describe(part.name, part.details)} ${NATURAL_WEIGHT_WORDS[part.weight]}`,
  );
  const sentences = [
    withArticle(input.toggles.hyperRealistic ? `hyper-realistic ${subject}` : subject),
    pro.length > 0 && `The professional focus is ${joinWithAnd(pro)}`,
    elements.length > 0 && `It shows ${joinWithAnd(elements)}`,
    signature.length > 0 && `Its signature is ${joinWithAnd(signature)}`,
    emphasis.length > 0 && `Make ${joinWithAnd(emphasis)}`,
    quality.length > 0 && `In ${joinWithAnd(quality)} resolution`,
    avoided.length > 0 && `Without ${joinWithAnd(tidyNames(avoided))}`,
  ].filter((sentence): sentence is string => !!sentence);
  return `${sentences.map(capitalize).join('. ')}.`;
}
