import { z } from 'zod';

/** Issue 18: the image generators a prompt can be written for. */
export const PROMPT_TARGETS = [
  'midjourney-6',
  'midjourney-6.1',
  'midjourney-7',
  'niji-6',
  'sdxl',
  'flux-dev',
  'flux-schnell',
  'dall-e-2',
  'dall-e-3',
  'gpt-image-1',
] as const;

export type PromptTarget = (typeof PROMPT_TARGETS)[number];

/**
 * Ids of earlier versions, still read wherever a target comes in or was stored (settings, prompt versions, an old
 * page): 'flux' was Flux dev's window and 'natural' warned at DALL·E 3's 4,000 characters.
 */
export const RENAMED_TARGETS: Readonly<Record<string, PromptTarget>> = {
  flux: 'flux-dev',
  natural: 'dall-e-3',
};

/** A target id as given, with a renamed one read as its new id. */
export const currentTargetId = (value: unknown): unknown =>
  typeof value === 'string' && Object.hasOwn(RENAMED_TARGETS, value) ? RENAMED_TARGETS[value] : value;

export const PromptTargetSchema = z.preprocess(
  currentTargetId,
  z.enum(PROMPT_TARGETS, { error: `The target must be one of: ${PROMPT_TARGETS.join(', ')}.` }),
);

/** SPEC §9's prompt ('… --ar 16:9 --v 6 --q 2') is Midjourney v6: it stays the default. */
export const DEFAULT_PROMPT_TARGET: PromptTarget = 'midjourney-6';

/** A stored or sent target id, read with the renamed ids; the default when it is none of them. */
export function toPromptTarget(value: unknown): PromptTarget {
  const parsed = PromptTargetSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_PROMPT_TARGET;
}

export const PROMPT_TARGET_LABELS: Record<PromptTarget, string> = {
  'midjourney-6': 'Midjourney v6',
  'midjourney-6.1': 'Midjourney v6.1',
  'midjourney-7': 'Midjourney v7',
  'niji-6': 'Niji 6',
  sdxl: 'Stable Diffusion XL',
  'flux-dev': 'Flux dev',
  'flux-schnell': 'Flux schnell',
  'dall-e-2': 'DALL·E 2',
  'dall-e-3': 'DALL·E 3',
  'gpt-image-1': 'GPT Image 1',
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

const NATURAL_TARGETS: readonly PromptTarget[] = ['dall-e-2', 'dall-e-3', 'gpt-image-1'];

/** How a target writes weights: Midjourney flags, `(word:1.2)` weights (SD, Flux), or plain sentences. */
export function targetFamily(target: PromptTarget): TargetFamily {
  if (midjourneyVersionOf(target)) return 'midjourney';
  return NATURAL_TARGETS.includes(target) ? 'natural' : 'weighted';
}

/**
 * Whether the target has a negative prompt field: Stable Diffusion XL only. Flux's standard pipelines (diffusers'
 * FluxPipeline, ComfyUI's Flux workflows) are guidance-distilled and take none.
 */
export const hasNegativePrompt = (target: PromptTarget): boolean => target === 'sdxl';
