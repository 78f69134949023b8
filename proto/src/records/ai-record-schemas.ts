import { z } from 'zod';
import { Level, RecordStatus } from '../enums';
import { recordId } from '../fields';
import { pageOf } from '../paging';
import { frequencyField } from '../ai/lists';
import { modelChoice } from '../ai/chat';
import { recordListRequest, recordStatusField } from './list-query';

/** The AI worker's record families on the admin screens; BR records are the saved signatures. */
export const AI_RECORD_FAMILIES = ['tl', 'tr', 'bl'] as const;
export const AiRecordFamily = z.enum(AI_RECORD_FAMILIES, { error: 'The list must be one of tl, tr, bl.' });
export type AiRecordFamily = z.infer<typeof AiRecordFamily>;

/** One user's list item as the admin TL/TR/BL tables show it, with the user's name. */
export const AiRecord = z.object({
  id: z.number().int().positive(),
  family: AiRecordFamily,
  user_id: z.number().int().positive(),
  /** Null until the worker has learnt the user's name (from evt.admin.user.created/updated or the admin service). */
  user_name: z.string().nullable(),
  levels: z.number().int(),
  ai_model: z.string().nullable(),
  frequency: z.number().int().nullable(),
  ai_response: z.string(),
  ai_reason: z.string().nullable(),
  status: RecordStatus,
  created_at: z.string(),
  /** The generation job that made the item (its AI calls: AI Calls filtered by job); null for a typed-in one. */
  job_id: z.string().nullable(),
});
export type AiRecord = z.infer<typeof AiRecord>;

export const AI_RECORD_SORTS = [
  'id',
  'user_name',
  'levels',
  'ai_model',
  'frequency',
  'ai_response',
  'ai_reason',
  'status',
  'created_at',
] as const;

export const AiRecordListRequest = recordListRequest(AI_RECORD_SORTS).extend({ family: AiRecordFamily });
export type AiRecordListRequest = z.infer<typeof AiRecordListRequest>;
export const AiRecordPage = pageOf(AiRecord);
export type AiRecordPage = z.infer<typeof AiRecordPage>;

/** SPEC §7 `PUT /api/admin/user/{tl|tr|bl}/update/{id}`: levels, ai_model, frequency, ai_response, status; absent fields are kept. */
export const AiRecordUpdateRequest = z.object({
  family: AiRecordFamily,
  id: recordId,
  levels: z.coerce.number({ error: 'The levels field must be a number.' }).pipe(Level).optional(),
  ai_model: z
    .string({ error: 'The ai model field must be a string.' })
    .trim()
    .max(100, { error: 'The ai model must not be greater than 100 characters.' })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  frequency: frequencyField.optional(),
  ai_response: z
    .string({ error: 'The ai response field must be a string.' })
    .trim()
    .min(1, { error: 'The ai response field is required.' })
    .max(100, { error: 'The ai response must not be greater than 100 characters.' })
    .optional(),
  status: recordStatusField.optional(),
});
export type AiRecordUpdateRequest = z.infer<typeof AiRecordUpdateRequest>;

export const AiRecordDeleteRequest = z.object({ family: AiRecordFamily, id: recordId });
export const RecordDeleted = z.object({ id: z.number().int().positive() });

/** Admin: runs the record's agent again for its owner, with the record's settings and the model chosen. */
export const AiRecordRegenerateRequest = z.object({
  family: AiRecordFamily,
  id: recordId,
  /** One of the offered models (AI_MODELS): the AI worker checks. */
  model: modelChoice('model'),
});

/** How many records each family holds, for the dashboard. */
export const AiRecordCounts = z.object({
  tl: z.number().int().min(0),
  tr: z.number().int().min(0),
  bl: z.number().int().min(0),
});
