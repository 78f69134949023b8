import { z } from 'zod';
import { recordId } from '../fields';
import { StreamSelectionInput, EnhanceTogglesInput } from './stream-schemas';
import { TargetInput } from './stream-settings-schemas';
import { SignatureElementList, SignatureType } from './signature-schemas';
import { PromptParametersInput } from '../targets';

/**
 * Where a saved prompt version came from. Add a value at the end to record a new way (an 'imported' prompt, say):
 * the column is text, the GraphQL enum and the web's filter are made from this list.
 */
export const PROMPT_VERSION_ORIGINS = ['assembled', 'edited', 'refined', 'copied', 'uploaded'] as const;
export type PromptVersionOrigin = (typeof PROMPT_VERSION_ORIGINS)[number];

/** Each user keeps their newest this many versions; saving one more removes the oldest. */
export const PROMPT_HISTORY_CAP = 10_000;
export const PROMPT_HISTORY_MAX_PAGE = 100;
export const PROMPT_HISTORY_DEFAULT_PAGE = 30;
/** The longest prompt a version keeps: the checker's limit. */
export const PROMPT_VERSION_MAX_LENGTH = 20_000;

export const PromptVersionOriginInput = z.enum(PROMPT_VERSION_ORIGINS, {
  error: `The origin must be one of: ${PROMPT_VERSION_ORIGINS.join(', ')}.`,
});

const promptText = (label: string) =>
  z.string({ error: `The ${label} field must be a string.` }).max(PROMPT_VERSION_MAX_LENGTH, {
    error: `The ${label} must not be greater than ${PROMPT_VERSION_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  });

/**
 * What the Stream page showed when the prompt was saved: restoring a version brings this back. The fields after
 * `target` came later: a version saved without them parses, and restoring it leaves those settings as they are.
 */
export const PromptSnapshot = z.object({
  selection: StreamSelectionInput,
  toggles: EnhanceTogglesInput,
  target: TargetInput,
  /** The Midjourney parameters kept in the Stream settings (from a pasted prompt). */
  parameters: PromptParametersInput.nullish(),
  /** The saved signature's BR code type and source elements, so a restored signature keeps its code. */
  signatureType: SignatureType.optional(),
  signatureElements: SignatureElementList.nullish(),
});
export type PromptSnapshot = z.output<typeof PromptSnapshot>;

export const SavePromptVersionRequest = z.object({
  userId: recordId,
  prompt: promptText('prompt').trim().min(1, { error: 'The prompt field is required.' }),
  negativePrompt: promptText('negative prompt')
    .nullish()
    .transform((text) => text || null),
  origin: PromptVersionOriginInput,
  snapshot: PromptSnapshot,
});

export const PromptVersion = z.object({
  id: z.number().int().positive(),
  userId: z.number().int().positive(),
  prompt: z.string(),
  negativePrompt: z.string().nullable(),
  origin: z.enum(PROMPT_VERSION_ORIGINS),
  snapshot: PromptSnapshot,
  createdAt: z.string(),
});
export type PromptVersion = z.output<typeof PromptVersion>;

/** `saved` false: the same prompt with the same origin was the newest version already, which is answered. */
export const SavePromptVersionResponse = z.object({ saved: z.boolean(), version: PromptVersion });

/**
 * A page's cursor: opaque to callers (today the id of the page's last version). Parsed, it is a number, which parses
 * again (the gateway forwards what it parsed).
 */
export const PromptHistoryCursor = z.preprocess(
  (input) => (typeof input === 'number' ? String(input) : input),
  z
    .string({ error: 'The cursor must be text.' })
    .regex(/^[1-9]\d{0,15}$/, { error: 'The cursor is not valid.' })
    .transform(Number),
);

export const ListPromptVersionsRequest = z.object({
  userId: recordId,
  first: z.coerce
    .number({ error: 'The first field must be a number.' })
    .int({ error: 'The first field must be a whole number.' })
    .min(1, { error: 'The first field must be at least 1.' })
    .max(PROMPT_HISTORY_MAX_PAGE, {
      error: `The first field must not be greater than ${PROMPT_HISTORY_MAX_PAGE}.`,
    })
    .default(PROMPT_HISTORY_DEFAULT_PAGE),
  after: PromptHistoryCursor.nullish(),
  search: z
    .string({ error: 'The search must be text.' })
    .trim()
    .max(200, { error: 'The search must not be greater than 200 characters.' })
    .nullish()
    .transform((text) => text || null),
  origin: PromptVersionOriginInput.nullish(),
});

/** Newest first; `nextCursor` is null on the last page. */
export const PromptVersionPage = z.object({
  items: z.array(PromptVersion),
  nextCursor: z.string().nullable(),
});

export const GetPromptVersionRequest = z.object({ userId: recordId, id: recordId });
/** A version and the one saved just before it (what a Refine changed is the difference of the two). */
export const PromptVersionWithPrevious = z.object({
  version: PromptVersion,
  previous: PromptVersion.nullable(),
});
