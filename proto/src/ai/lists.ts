import { z } from 'zod';
import { Level, ListFamily, RecordStatus } from '../enums';
import { ITEM_MAX_LENGTH } from '../rules/items';
import { FREQUENCY_TOO_HIGH_MESSAGE, MAX_FREQUENCY } from '../rules/agent';
import { recordId } from '../fields';

/** The families whose agent settings are kept and whose five previous settings can be read. */
export const AGENT_FAMILIES = ['tl', 'bl', 'tr'] as const;
export const AgentFamily = z.enum(AGENT_FAMILIES, { error: 'The list must be one of tl, bl, tr.' });
export type AgentFamily = z.infer<typeof AgentFamily>;

export const ListFamilyInput = z.enum(['tl', 'tr', 'bl', 'br'], {
  error: 'The list must be one of tl, tr, bl, br.',
});

/** One stored item of a user's list (SPEC §3 "AI response item"). */
export const ListItem = z.object({
  id: z.number().int(),
  family: ListFamily,
  user_id: z.number().int(),
  ai_response: z.string(),
  ai_reason: z.string().nullable(),
  levels: z.number().int(),
  ai_model: z.string().nullable(),
  frequency: z.number().int().nullable(),
  agent_role: z.string().nullable(),
  name: z.string().nullable(),
  /** For elements generated in categories: the category the element came from. */
  category: z.string().nullable(),
  status: RecordStatus,
  created_at: z.string(),
});
export type ListItem = z.infer<typeof ListItem>;

/** One item as a user or an agent gives it: trimmed, 1–29 characters. */
export const ListItemText = z
  .string({ error: 'Each item must be a string.' })
  .trim()
  .min(1, { error: 'Each item must not be empty.' })
  .max(ITEM_MAX_LENGTH, { error: `Each item must be under ${ITEM_MAX_LENGTH + 1} characters.` });

const itemList = z
  .array(ListItemText, { error: 'The ai response field is required.' })
  .min(1, { error: 'The ai response field is required.' })
  .max(200, { error: 'The ai response must not have more than 200 items.' });

const optionalText = (label: string, max = 255) =>
  z
    .string({ error: `The ${label} field must be a string.` })
    .trim()
    .max(max, { error: `The ${label} must not be greater than ${max} characters.` })
    .nullish()
    .transform((value) => (value ? value : null));

export const levelsField = z.coerce
  .number({ error: 'The levels field must be a number.' })
  .pipe(Level)
  .default(0);

export const frequencyField = z.coerce
  .number({ error: 'The frequency field is required.' })
  .int({ error: 'The frequency must be a whole number.' })
  .min(1, { error: 'The frequency must be at least 1.' })
  .max(MAX_FREQUENCY, { error: FREQUENCY_TOO_HIGH_MESSAGE });

const model = z
  .string({ error: 'The ai model field is required.' })
  .trim()
  .min(1, { error: 'The ai model field is required.' })
  .max(100, { error: 'The ai model must not be greater than 100 characters.' });

export const UserListRequest = z.object({ family: ListFamilyInput, user_id: recordId });

/**
 * A page of a list: the items after `after_id` (0: from the start), in id order. The service fills a reply only up
 * to a share of the bus's largest message, so a list of any size is read in bounded replies.
 */
export const ListPageRequest = UserListRequest.extend({
  after_id: z.number().int().min(0).default(0),
});

/**
 * A list, or the first page of it: `next_after_id` is the `after_id` of the next page, null when this is the
 * last. A list write (store, newstore) answers with the first page of the list after the write.
 */
export const ListResponse = z.object({
  family: ListFamily,
  user_id: z.number().int(),
  ai_response: z.array(ListItem),
  next_after_id: z.number().int().nullable(),
});
export type ListResponse = z.infer<typeof ListResponse>;

/** SPEC §7 `store`: the items of a run with the agent settings that produced them. */
export const StoreListRequest = z.object({
  family: ListFamilyInput,
  user_id: recordId,
  levels: levelsField,
  ai_model: model,
  frequency: frequencyField,
  ai_response: itemList,
  agent_role: optionalText('agent role', 500),
  name: optionalText('name'),
});

/** SPEC §7 `newstore`: the list with the custom item; the items not yet stored are added. */
export const NewStoreRequest = z.object({
  family: ListFamilyInput,
  user_id: recordId,
  ai_response: itemList,
});

export const UpdateReasonRequest = z.object({
  family: ListFamilyInput,
  id: recordId,
  ai_reason: optionalText('ai reason', 1000),
});

export const SetItemStatusRequest = z.object({
  family: ListFamilyInput,
  id: recordId,
  status: z.coerce.number().pipe(RecordStatus),
});

export const ItemResponse = z.object({ status: z.literal(true), message: z.string(), data: ListItem });

/** SPEC §3 per-user agent settings, as the five `prev_*` reads give them. */
export const PreviousSettings = z.object({
  family: AgentFamily,
  ai_model: z.string().nullable(),
  frequency: z.number().int().nullable(),
  agent_role: z.string().nullable(),
  name: z.string().nullable(),
  levels: z.number().int(),
  /** 'YYYY-MM-DD': the first day the agent may run again (Types and Pro runs are gated on it). */
  date: z.string().nullable(),
});
export type PreviousSettings = z.infer<typeof PreviousSettings>;
export const PreviousSettingsRequest = z.object({ family: AgentFamily, user_id: recordId });
