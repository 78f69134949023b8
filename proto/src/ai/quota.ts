import { z } from 'zod';
import { counted } from '../counted';
import { recordId } from '../fields';

/**
 * A user's AI use today (UTC day): every Run, sub-element generation, chat, refine and signature swap is one call;
 * its tokens and estimated cost are those recorded in AI Calls. The calls are always limited; the tokens when a
 * daily token limit is set (AI_TOKENS_PER_USER_PER_DAY or the admin's override).
 */
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
  /** Prompt and completion tokens of today's recorded calls. */
  tokens_used: z.number().int().min(0),
  /** Tokens allowed per day: the admin's override, else AI_TOKENS_PER_USER_PER_DAY; null: tokens are not limited. */
  token_limit: z.number().int().min(0).nullable(),
  /** Null when tokens are not limited. */
  tokens_remaining: z.number().int().min(0).nullable(),
  /** The admin's per-user token override; null: the configured default applies. */
  token_override: z.number().int().min(0).nullable(),
  /** Estimated cost of today's calls in US dollars (AI_PRICES). */
  cost_usd: z.number().min(0),
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

export const AI_TOKEN_LIMIT_MAX = 1_000_000_000;
export const AI_TOKEN_QUOTA_MESSAGE = 'The daily AI tokens must be a whole number from 0 to 1000000000.';

/** The admin form's token entry: '' keeps the default (null), else a whole number in range; undefined when invalid. */
export function parseDailyAiTokens(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,10}$/.test(trimmed) || Number(trimmed) > AI_TOKEN_LIMIT_MAX) return undefined;
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
  /** Absent: the token override stays as it is; null: back to the configured default. */
  daily_token_limit: z.coerce
    .number({ error: AI_TOKEN_QUOTA_MESSAGE })
    .int({ error: AI_TOKEN_QUOTA_MESSAGE })
    .min(0, { error: AI_TOKEN_QUOTA_MESSAGE })
    .max(AI_TOKEN_LIMIT_MAX, { error: AI_TOKEN_QUOTA_MESSAGE })
    .nullable()
    .optional(),
});

/** 'all 200 AI calls', but 'your 1 AI call'. */
const allOf = (limit: number, noun: string): string =>
  limit === 1 ? `your ${counted(limit, noun)}` : `all ${counted(limit, noun)}`;

export const aiQuotaExhaustedMessage = (limit: number, wait: string): string =>
  `You have used ${allOf(limit, 'AI call')} for today. You can run the AI again ${wait}.`;

export const aiTokenQuotaExhaustedMessage = (limit: number, wait: string): string =>
  `You have used ${allOf(limit, 'AI token')} for today. You can run the AI again ${wait}.`;

/** The rest of the day's tokens is reserved by the user's calls under way; some may be left once they end. */
export const aiTokensInFlightMessage = (limit: number, wait: string): string =>
  `Your AI calls under way may use the rest of your ${counted(limit, 'AI token')} for today. Try again ${wait}.`;
