import { z } from 'zod';
import { recordId } from '../fields';

/** A user's AI calls today (UTC day): every Run, sub-element generation, chat, refine and signature swap counts. */
export const AiQuota = z.object({
  user_id: z.number().int().positive(),
  /** Calls allowed per day: the admin's override for this user, else the configured default. */
  limit: z.number().int().min(0),
  used: z.number().int().min(0),
  remaining: z.number().int().min(0),
  /** When the count starts again (the next UTC midnight), ISO 8601. */
  resets_at: z.string(),
  /** The admin's per-user override; null: the configured default applies. */
  override: z.number().int().min(0).nullable(),
});
export type AiQuota = z.infer<typeof AiQuota>;

export const AiQuotaRequest = z.object({ user_id: recordId });

export const AI_QUOTA_LIMIT_MESSAGE = 'The daily AI calls must be a whole number from 0 to 100000.';

/** Admin: sets a user's daily AI calls; null goes back to the configured default. */
/** The admin form's entry: '' keeps the default (null), else a whole number in range; undefined when invalid. */
export function parseDailyAiCalls(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,6}$/.test(trimmed) || Number(trimmed) > 100_000) return undefined;
  return Number(trimmed);
}

export const SetAiQuotaRequest = z.object({
  user_id: recordId,
  daily_limit: z.coerce
    .number({ error: AI_QUOTA_LIMIT_MESSAGE })
    .int({ error: AI_QUOTA_LIMIT_MESSAGE })
    .min(0, { error: AI_QUOTA_LIMIT_MESSAGE })
    .max(100_000, { error: AI_QUOTA_LIMIT_MESSAGE })
    .nullable(),
});

export const aiQuotaExhaustedMessage = (limit: number, wait: string): string =>
  `You have used all ${limit} AI calls for today. You can run the AI again ${wait}.`;
