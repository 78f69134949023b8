import { uniqueIgnoringCase } from '../rules/items';
import type { EnhanceToggles, StreamElement } from '../rules/stream-prompt';

/** Trimmed, without blanks or case-insensitive repeats (as the Stream prompt reads its names). */
export const tidyNames = (names: readonly string[]): string[] =>
  uniqueIgnoringCase(names.map((name) => name.trim()).filter(Boolean), (name) => name.toLowerCase());

export function joinWithAnd(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The named elements with their tidied sub-elements; blank names left out. */
export function tidyElements(elements: readonly StreamElement[]): { name: string; details: string[] }[] {
  return elements
    .map((element) => ({ name: element.name.trim(), details: tidyNames(element.subElements) }))
    .filter((element) => element.name !== '');
}

/** The resolution words of the toggles: ['8k', '4k']. */
export const qualityWords = (toggles: EnhanceToggles): string[] =>
  [toggles.eightK && '8k', toggles.fourK && '4k'].filter((word): word is string => !!word);

/** 'Photography and Art image', or 'image' with no type. */
export function subjectOf(types: readonly string[]): string {
  const tidy = tidyNames(types);
  return tidy.length > 0 ? `${joinWithAnd(tidy)} image` : 'image';
}
