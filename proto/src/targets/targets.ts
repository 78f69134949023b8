import { z } from 'zod';

/** Issue 18: the image generators a prompt can be written for. */
export const PROMPT_TARGETS = [
  'midjourney-6',
  'midjourney-6.1',
  'midjourney-7',
  'niji-6',
  'sdxl',
  'flux',
  'natural',
] as const;

export type PromptTarget = (typeof PROMPT_TARGETS)[number];

export const PromptTargetSchema = z.enum(PROMPT_TARGETS, {
  error: `The target must be one of: ${PROMPT_TARGETS.join(', ')}.`,
});

/** SPEC §9's prompt ('… --ar 16:9 --v 6 --q 2') is Midjourney v6: it stays the default. */
export const DEFAULT_PROMPT_TARGET: PromptTarget = 'midjourney-6';

export const PROMPT_TARGET_LABELS: Record<PromptTarget, string> = {
  'midjourney-6': 'Midjourney v6',
  'midjourney-6.1': 'Midjourney v6.1',
  'midjourney-7': 'Midjourney v7',
  'niji-6': 'Niji 6',
  sdxl: 'Stable Diffusion XL',
  flux: 'Flux',
  natural: 'DALL·E 3 / GPT-Image',
};

/** The Midjourney model versions the targets stand for (the keys of the parameter table). */
export type MidjourneyVersion = '6' | '6.1' | '7' | 'niji 6';

export type TargetFamily = 'midjourney' | 'weighted' | 'natural';

const MIDJOURNEY_VERSIONS: Partial<Record<PromptTarget, MidjourneyVersion>> = {
  'midjourney-6': '6',
  'midjourney-6.1': '6.1',
  'midjourney-7': '7',
  'niji-6': 'niji 6',
};

/** The Midjourney version a target stands for; null for Stable Diffusion, Flux and natural language. */
export function midjourneyVersionOf(target: PromptTarget): MidjourneyVersion | null {
  return MIDJOURNEY_VERSIONS[target] ?? null;
}

/** How a target writes weights and negatives: Midjourney flags, `(word:1.2)` weights, or plain sentences. */
export function targetFamily(target: PromptTarget): TargetFamily {
  if (midjourneyVersionOf(target)) return 'midjourney';
  return target === 'natural' ? 'natural' : 'weighted';
}

/** Whether the target has a negative prompt field (Stable Diffusion XL and Flux). */
export const hasNegativePrompt = (target: PromptTarget): boolean => targetFamily(target) === 'weighted';
