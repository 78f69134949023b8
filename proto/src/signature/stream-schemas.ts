import { z } from 'zod';
import { recordId, requiredText } from '../fields';
import { ReasonsUsed } from '../ai/guidance';
import { REFINE_DEFAULT_MODEL } from '../rules/agent';
import { DEFAULT_PROMPT_TARGET, PromptTargetSchema } from '../targets/targets';
import { bodyUserId, flagField, nameList } from './fields';
import { USER_MISMATCH } from './messages';

const names = (label: string) => nameList(label, { maxItems: 100, maxLength: 100 }).default([]);

/** The active selection the client mirrors from its lists (types, pro items, elements with sub-elements). */
export const StreamSelectionInput = z.object({
  types: names('types'),
  proItems: names('pro items'),
  elements: z
    .array(
      z.object({
        name: requiredText('element name', 100),
        subElements: names('sub-elements'),
      }),
      { error: 'The elements field must be a list.' },
    )
    .max(100, { error: 'The elements must not have more than 100 items.' })
    .default([]),
  signature: names('signature'),
});

export const EnhanceTogglesInput = z.object({
  hyperRealistic: z.boolean().default(false),
  eightK: z.boolean().default(false),
  fourK: z.boolean().default(false),
});

export const BuildStreamPromptRequest = z.object({
  selection: StreamSelectionInput,
  toggles: EnhanceTogglesInput.default({ hyperRealistic: false, eightK: false, fourK: false }),
});
export const StreamPromptResponse = z.object({ prompt: z.string() });

export const RefinePromptRequest = z.object({
  prompt: requiredText('prompt', 5000),
  model: requiredText('model', 100).default(REFINE_DEFAULT_MODEL),
  /** Issue 18: the answer is checked (and repaired or refused) for this target; SPEC's Midjourney v6 by default. */
  target: PromptTargetSchema.default(DEFAULT_PROMPT_TARGET),
});
/**
 * An empty AI reply leaves the prompt as it was: `refined` false and 'No response from AI'. Without an AI key the
 * prompt comes back tidied, `offline` true and a message saying so.
 */
export const RefinePromptResponse = z.object({
  refined: z.boolean(),
  prompt: z.string(),
  message: z.string().nullable(),
  offline: z.boolean(),
  /** Issue 19: the user's reasons the AI was given as guidance (newest first); empty when none. */
  reasons_used: ReasonsUsed.default([]),
});

/** SPEC §3 "Stream upload": the form fields beside the image. */
export const StreamFormFields = z.object({
  user_id: bodyUserId,
  signature: requiredText('signature', 2000),
  signatureElements: requiredText('signature elements', 2000),
  Hyper_realistic: flagField('Hyper realistic'),
  '8k': flagField('8k'),
  '4k': flagField('4k'),
  finalprompt: requiredText('finalprompt', 5000),
});

/**
 * Where the gateway left the raw upload: `incoming/<userId>/<uuid>` in the object store. The service reads it,
 * checks it with sharp, stores the results and removes it, whatever the outcome.
 */
export const INCOMING_PREFIX = 'incoming/';
/** Metadata on an incoming upload: when it was put (ms), so uploads never used can be swept away. */
export const INCOMING_UPLOADED_AT = 'uploaded-at';
/** An upload not used by then is removed (a GraphQL client uploads first, then names it in `storeStream`). */
export const INCOMING_MAX_AGE_MS = 60 * 60 * 1000;
export const incomingKeyOf = (userId: number, id: string) => `${INCOMING_PREFIX}${userId}/${id}`;
const INCOMING_KEY = /^incoming\/(\d+)\/[0-9a-f-]{36}$/;
export const UploadId = z.string({ error: 'The upload id field is required.' }).uuid({
  error: 'The upload id is not valid.',
});
export const UploadReference = z.object({
  key: z.string().regex(INCOMING_KEY, { error: 'The upload reference is not valid.' }),
  filename: z.string().max(255).optional(),
});
export const ownerOfIncomingKey = (key: string): number | null => {
  const match = INCOMING_KEY.exec(key);
  return match ? Number(match[1]) : null;
};

export const StoreStreamRequest = StreamFormFields.extend({
  userId: recordId,
  upload: UploadReference,
}).refine((body) => body.user_id === body.userId, { path: ['user_id'], error: USER_MISMATCH });

/** SPEC §3: the stored upload; `image_url` is served by the gateway to the owner and admins only. */
export const StreamRecord = z.object({
  id: z.number().int().positive(),
  user_id: z.number().int().positive(),
  signature: z.string(),
  signatureElements: z.string(),
  Hyper_realistic: z.enum(['1', '0']),
  '8k': z.enum(['1', '0']),
  '4k': z.enum(['1', '0']),
  finalprompt: z.string(),
  image_url: z.string(),
  thumbnail_url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  created_at: z.string(),
});
export type StreamRecord = z.infer<typeof StreamRecord>;

export const StoreStreamResponse = z.object({ status: z.boolean(), message: z.string(), data: StreamRecord });
export const UserStreamsRequest = z.object({ userId: recordId });
export const StreamListResponse = z.object({ data: z.array(StreamRecord) });

/** Images are read through the gateway at `/api/images/<key>`; the service checks who may read which key. */
export const IMAGE_URL_PREFIX = '/api/images/';
export const imageUrlOf = (key: string) => `${IMAGE_URL_PREFIX}${key}`;
export const ImageKey = z
  .string({ error: 'The image key is required.' })
  .regex(/^users\/\d+\/images\/[0-9a-f-]{36}(-thumb)?\.webp$/, { error: 'Image not found.' });
export const AuthorizeImageRequest = z.object({ key: ImageKey });
export const AuthorizeImageResponse = z.object({ key: z.string() });
