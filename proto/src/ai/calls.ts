import { z } from 'zod';
import { recordId } from '../fields';
import { ADMIN } from '../access/declaration';
import { defineEvent, defineOperation } from '../operation';
import { PageRequest, pageOf, wholeNumber } from '../paging';
import { ReasonsUsed } from './guidance';

/** Why the product called the provider: one per kind of call (README "AI Calls"). */
export const AI_PURPOSES = [
  'types',
  'pro',
  'elements',
  'signature',
  'sub_elements',
  'signature_swap',
  'refine',
  'chat',
] as const;
export const AiPurpose = z.enum(AI_PURPOSES, {
  error: `The purpose must be one of ${AI_PURPOSES.join(', ')}.`,
});
export type AiPurpose = z.infer<typeof AiPurpose>;

/** Each purpose in words, for people (the AI Calls filter and table); the ids stay in the address and the CSV. */
export const AI_PURPOSE_LABELS: Record<AiPurpose, string> = {
  types: 'Types Run (TL)',
  pro: 'Pro Run (TR)',
  elements: 'Elements Run (BL)',
  signature: 'Signature Run (BR)',
  sub_elements: 'Sub-elements',
  signature_swap: 'Signature swap',
  refine: 'Prompt refine',
  chat: 'Chat',
};

/** The purpose of a list family's Run. */
export const LIST_FAMILY_PURPOSES = { tl: 'types', tr: 'pro', bl: 'elements', br: 'signature' } as const;

export const AI_CALL_OUTCOMES = ['ok', 'failed', 'cancelled'] as const;
export const AiCallOutcome = z.enum(AI_CALL_OUTCOMES, {
  error: `The outcome must be one of ${AI_CALL_OUTCOMES.join(', ')}.`,
});
export type AiCallOutcome = z.infer<typeof AiCallOutcome>;

/** Each outcome in words, for people. */
export const AI_CALL_OUTCOME_LABELS: Record<AiCallOutcome, string> = {
  ok: 'Answered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Who a provider call is for and why: what the AI worker records it under (never sent to the provider). */
export const ChatAudit = z.object({
  userId: z.number().int().positive(),
  purpose: AiPurpose,
  /** The generation job whose items the reply became: links a TL/TR/BL record to its calls. */
  jobId: z.string().max(64).optional(),
  /** Issue 19: the user's reasons this call's prompt carried as guidance (kept on the record, for admins). */
  reasons: ReasonsUsed.optional(),
});
export type ChatAudit = z.infer<typeof ChatAudit>;

/** A recorded message or reply longer than this is cut, and marked so. */
export const AI_CALL_TEXT_MAX_BYTES = 64 * 1024;
/** The most rows one CSV export holds (newest first): it travels the bus as one message. */
export const AI_CALL_EXPORT_MAX_ROWS = 5000;

/** One provider call as the AI Calls table lists it (without the messages and the reply). */
export const AiCallSummary = z.object({
  id: z.number().int(),
  /** Null for a call made for no one (a tool or a test calling the worker directly). */
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  purpose: AiPurpose,
  model: z.string(),
  job_id: z.string().nullable(),
  prompt_tokens: z.number().int().nullable(),
  completion_tokens: z.number().int().nullable(),
  /** Estimated from the price table (AI_PRICES), in US dollars; null when the model has no price or no tokens. */
  cost_usd: z.number().nullable(),
  latency_ms: z.number().int(),
  outcome: AiCallOutcome,
  /** Why it failed (the provider's status and text, never a key); null when it did not. */
  failure: z.string().nullable(),
  created_at: z.string(),
});
export type AiCallSummary = z.infer<typeof AiCallSummary>;

/** One provider call with what was sent and what came back. */
export const AiCallDetail = AiCallSummary.extend({
  messages: z.array(z.object({ role: z.string(), content: z.string() })),
  reply: z.string().nullable(),
  /** True when a message or the reply was longer than AI_CALL_TEXT_MAX_BYTES and was cut. */
  cut: z.boolean(),
  /** The user's reasons the prompt carried as guidance (issue 19); empty when none. */
  reasons: ReasonsUsed,
});
export type AiCallDetail = z.infer<typeof AiCallDetail>;

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/u, { error: 'The date must be YYYY-MM-DD.', abort: true })
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), {
    error: 'The date must be YYYY-MM-DD.',
  });

/** The AI Calls filters, shared by the page and the CSV export. Empty strings from a form mean "any". */
const emptyAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);
export const AiCallFilters = z
  .object({
    user_id: z.preprocess(emptyAsAbsent, recordId.optional()),
    purpose: z.preprocess(emptyAsAbsent, AiPurpose.optional()),
    model: z.preprocess(
      emptyAsAbsent,
      z.string().trim().max(100, { error: 'The model must not be greater than 100 characters.' }).optional(),
    ),
    outcome: z.preprocess(emptyAsAbsent, AiCallOutcome.optional()),
    job_id: z.preprocess(emptyAsAbsent, z.string().trim().max(64).optional()),
    /** Issue 19: only the calls whose prompt carried the user's reasons as guidance. */
    with_reasons: z.preprocess(
      (value) =>
        value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
      z.boolean({ error: 'The with reasons filter must be true or false.' }).optional(),
    ),
    /** Text searched in the messages and the reply (case-insensitive). */
    q: z.preprocess(
      emptyAsAbsent,
      z.string().trim().max(200, { error: 'The search must not be greater than 200 characters.' }).optional(),
    ),
    /** First and last UTC day, inclusive. */
    from: z.preprocess(emptyAsAbsent, day.optional()),
    to: z.preprocess(emptyAsAbsent, day.optional()),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    error: 'The end date must not be before the start date.',
    path: ['to'],
  });
export type AiCallFilters = z.output<typeof AiCallFilters>;

export const AiCallListRequest = z.intersection(PageRequest, AiCallFilters);
export const AiCallPage = pageOf(AiCallSummary);
export type AiCallPage = z.infer<typeof AiCallPage>;

export const AiCallRequest = z.object({ id: recordId });
export const AiCallCsv = z.object({ csv: z.string(), rows: z.number().int(), truncated: z.boolean() });

/** Calls, tokens and cost over a UTC day; `failed` and `cancelled` are apart (a cancel is not a failure). */
export const AiUsageDay = z.object({
  day: z.string(),
  calls: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  cost_usd: z.number(),
});
export type AiUsageDay = z.infer<typeof AiUsageDay>;

export const AiUsageRequest = z.object({
  days: z.preprocess(emptyAsAbsent, wholeNumber('days', 1, 90).default(30)),
  user_id: z.preprocess(emptyAsAbsent, recordId.optional()),
});
/** Every day of the range, oldest first (days without calls included, with zeros), and their totals. */
export const AiUsage = z.object({
  user_id: z.number().int().nullable(),
  days: z.array(AiUsageDay),
  today: AiUsageDay,
  total: AiUsageDay.omit({ day: true }),
});
export type AiUsage = z.infer<typeof AiUsage>;

export const aiCallOperations = {
  list: defineOperation('ai', 'calls.list', AiCallListRequest, AiCallPage, ADMIN),
  get: defineOperation('ai', 'calls.get', AiCallRequest, AiCallDetail, ADMIN),
  export: defineOperation('ai', 'calls.export', AiCallFilters, AiCallCsv, ADMIN),
  usage: defineOperation('ai', 'calls.usage', AiUsageRequest, AiUsage, ADMIN),
} as const;

export const aiCallEvents = {
  /** A provider call was recorded: its summary, for the admins' live AI Calls table. */
  recorded: defineEvent(
    'evt.ai.call.recorded',
    z.object({ userId: z.number().int().nullable(), call: AiCallSummary }),
    ADMIN,
  ),
} as const;
