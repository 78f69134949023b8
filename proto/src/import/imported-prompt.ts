import type { ItemWeight } from '../targets/marks';
import type { PromptTarget } from '../targets/targets';

/** Which syntax a pasted prompt was read as. */
export type PromptSyntax = 'midjourney' | 'weighted' | 'plain';

/** A phrase of the pasted prompt with its weight in the Stream page's steps and whether it is to be avoided. */
export interface ImportedPhrase {
  text: string;
  weight: ItemWeight;
  avoid: boolean;
}

/** A Midjourney parameter as pasted (`--ar 16:9`), which the Stream page does not carry over. */
export interface ImportedParameter {
  flag: string;
  value: string;
  /** What it does ('aspect ratio'), or null for a flag Midjourney does not know. */
  label: string | null;
}

export interface ParsedPrompt {
  syntax: PromptSyntax;
  /** The target the prompt was written for, or null when the text does not say (the target stays as it is). */
  target: PromptTarget | null;
  phrases: ImportedPhrase[];
  parameters: ImportedParameter[];
  /** What was read but is not prompt text: image URLs, LoRAs, words after a flag's value. */
  ignored: string[];
  /** Things the user should know about the reading ('Midjourney v5.2 is not a target here …'). */
  notes: string[];
}

export type ParsePromptResult =
  { ok: true; prompt: ParsedPrompt } | { ok: false; field: 'prompt' | 'negativePrompt'; message: string };
