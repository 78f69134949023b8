import { uniqueIgnoringCase } from './items';

/** SPEC §9: every stream prompt ends with these image-generator parameters. */
export const STREAM_PROMPT_PARAMETERS = '--ar 16:9 --v 6 --q 2';

/** SPEC §2, §4: the Stream page's enhance toggles. */
export interface EnhanceToggles {
  hyperRealistic: boolean;
  eightK: boolean;
  fourK: boolean;
}

export const NO_ENHANCEMENTS: EnhanceToggles = { hyperRealistic: false, eightK: false, fourK: false };

/** The toggles in display order with the labels the Stream page shows. */
export const ENHANCE_OPTIONS: readonly { key: keyof EnhanceToggles; label: string }[] = [
  { key: 'hyperRealistic', label: 'Hyper-realistic' },
  { key: 'eightK', label: '8k' },
  { key: 'fourK', label: '4k' },
];

export interface StreamElement {
  name: string;
  subElements: readonly string[];
}

/** The active selection the prompt is assembled from. */
export interface StreamSelection {
  types: readonly string[];
  proItems: readonly string[];
  elements: readonly StreamElement[];
  signature: readonly string[];
}

/** Trimmed, without blanks or case-insensitive repeats. */
const tidy = (names: readonly string[]): string[] =>
  uniqueIgnoringCase(names.map((name) => name.trim()).filter(Boolean), (name) => name.toLowerCase());

function describeElement(element: StreamElement): string | null {
  const name = element.name.trim();
  if (!name) return null;
  const details = tidy(element.subElements);
  return details.length > 0 ? `${name} (${details.join(', ')})` : name;
}

/**
 * SPEC §2, §4: the default prompt of the Stream page, rebuilt whenever the selection or a toggle changes.
 * It reads as short sentences — subject, professional focus, elements, signature, enhancements — and any
 * empty part is left out. With no type at all the subject is simply 'Image' ('Hyper-realistic image').
 *
 *   "Hyper-realistic Photography and Art image. Professional focus: Portrait. Elements: Light (Soft, Rim).
 *    8k resolution. --ar 16:9 --v 6 --q 2"
 */
export function buildStreamPrompt(
  selection: StreamSelection,
  toggles: EnhanceToggles = NO_ENHANCEMENTS,
): string {
  const types = tidy(selection.types);
  const subject = types.length > 0 ? `${joinWithAnd(types)} image` : 'image';
  const elements = selection.elements.map(describeElement).filter((text): text is string => text !== null);
  const pro = tidy(selection.proItems);
  const signature = tidy(selection.signature);
  const quality = [toggles.eightK && '8k', toggles.fourK && '4k'].filter((label): label is string => !!label);

  const sentences = [
    toggles.hyperRealistic ? `Hyper-realistic ${subject}` : capitalize(subject),
    pro.length > 0 && `Professional focus: ${pro.join(', ')}`,
    elements.length > 0 && `Elements: ${elements.join(', ')}`,
    signature.length > 0 && `Signature: ${signature.join(', ')}`,
    quality.length > 0 && `${quality.join(', ')} resolution`,
  ].filter((sentence): sentence is string => !!sentence);

  return `${sentences.join('. ')}. ${STREAM_PROMPT_PARAMETERS}`;
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function joinWithAnd(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
