import { z } from 'zod';
import { recordId } from '../fields';
import {
  CheckPromptInputSchema,
  DEFAULT_PROMPT_TARGET,
  PromptParameterInput,
  PromptParametersInput,
  PromptTargetSchema,
} from '../targets';

/** The most marks one change carries. */
export const MAX_MARKS_PER_CHANGE = 100;

/** A target id; those of earlier versions ('flux', 'natural') read as their new ids, stored or sent. */
export const TargetInput = PromptTargetSchema;

const WEIGHT_MESSAGE = 'The weight must be a whole number from -2 to 2.';
export const ItemWeightInput = z.union(
  [z.literal(-2), z.literal(-1), z.literal(0), z.literal(1), z.literal(2)],
  { error: WEIGHT_MESSAGE },
);

/** One item or sub-element of the selection with its weight and "avoid"; weight 0 without avoid is no mark. */
export const ItemMarkEntry = z.object({
  name: z
    .string({ error: 'The item name field is required.' })
    .trim()
    .min(1, { error: 'The item name field is required.' })
    .max(100, { error: 'The item name must not be greater than 100 characters.' }),
  weight: ItemWeightInput,
  avoid: z.boolean({ error: 'The avoid field must be true or false.' }),
});
export type ItemMarkEntry = z.infer<typeof ItemMarkEntry>;

/** A user's Stream page settings: the chosen target and the marks, `version` counting the changes. */
export const StreamSettings = z.object({
  userId: z.number().int().positive(),
  target: TargetInput,
  marks: z.array(ItemMarkEntry),
  /** Issue #19: the user's own Midjourney parameters, written after the target's (see `withParameters`). */
  parameters: z.array(PromptParameterInput),
  version: z.number().int().nonnegative(),
  updatedAt: z.string().nullable(),
});
export type StreamSettings = z.infer<typeof StreamSettings>;

export const defaultStreamSettings = (userId: number): StreamSettings => ({
  userId,
  target: DEFAULT_PROMPT_TARGET,
  marks: [],
  parameters: [],
  version: 0,
  updatedAt: null,
});

export const GetStreamSettingsRequest = z.object({ userId: recordId });

/**
 * A change: the target if given, each mark given replaces that name's mark (0 and not avoided removes it), and
 * the parameters if given replace the kept ones ([] clears them).
 */
export const UpdateStreamSettingsRequest = z.object({
  userId: recordId,
  target: TargetInput.optional(),
  marks: z
    .array(ItemMarkEntry, { error: 'The marks field must be a list.' })
    .max(MAX_MARKS_PER_CHANGE, {
      error: `The marks must not have more than ${MAX_MARKS_PER_CHANGE} items.`,
    })
    .default([]),
  parameters: PromptParametersInput.optional(),
});

/** The checker's input over HTTP: proto's `CheckPromptInputSchema` (at most 20,000 characters a field). */
export const CheckPromptRequest = CheckPromptInputSchema;

export const PromptProblemOutput = z.object({
  field: z.enum(['prompt', 'negativePrompt']),
  start: z.number().int(),
  end: z.number().int(),
  message: z.string(),
  fix: z.object({ label: z.string(), replacement: z.string() }).nullable(),
});

export const TokenCountOutput = z.object({
  encoder: z.enum(['CLIP', 'T5']),
  count: z.number().int(),
  limit: z.number().int(),
  window: z.number().int(),
  cutAt: z.number().int().nullable(),
  estimated: z.boolean(),
});

/**
 * The checker's problems and, for the targets that read tokens (SD, Flux), the counts: the prompt's in the window the
 * model reads it with (CLIP for SD, T5 for Flux), the negative prompt's (SD), and CLIP's for Flux's pooled text.
 */
export const CheckPromptResponse = z.object({
  problems: z.array(PromptProblemOutput),
  tokens: TokenCountOutput.nullable(),
  negativeTokens: TokenCountOutput.nullable(),
  pooledTokens: TokenCountOutput.nullable(),
});
