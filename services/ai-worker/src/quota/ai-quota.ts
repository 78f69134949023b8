import { type EntityManager } from '@mikro-orm/postgresql';
import {
  aiQuotaExhaustedMessage,
  aiTokenQuotaExhaustedMessage,
  describeWait,
  tooManyRequests,
  type AiQuota,
  type RequestContext,
} from '@promptloom/proto';
import {
  Limit,
  requireAccess,
  requireStoredAdmin,
  type Bus,
  type LimitStore,
  type Logger,
} from '@promptloom/shared';
import { AiQuotaOverride } from './ai-quota-override.entity';

export interface AiQuotaSettings {
  /** Calls per user per UTC day when an admin set no override; 0 turns AI calls off. */
  defaultDailyLimit: number;
  /** false: nothing is counted or refused (benchmarks' baseline). */
  enabled: boolean;
  /** Tokens per user per UTC day when an admin set no override (AI_TOKENS_PER_USER_PER_DAY); null: no limit. */
  defaultDailyTokens?: number | null;
}

/** Today's recorded use of one user, from AI Calls. */
interface RecordedUse {
  tokens: number;
  costUsd: number;
}

const DAY_SECONDS = 86_400;
/** The counter's own ceiling: the real limit is per user (see `take`), the library only counts. */
const COUNTER_CEILING = 1_000_000_000;

/**
 * AI calls per user per UTC day. Counters live in the worker's `rate_limits` table (shared by every worker
 * replica), one key per user and day. A store that does not answer refuses the call (fails closed): AI calls cost
 * the operator money. Tokens are those AI Calls recorded today: a call is refused once they reach the day's token
 * limit (the call under way when they do finishes, so a day may end a little over it).
 */
export class AiQuotas {
  private readonly counter: Limit;

  constructor(
    store: LimitStore,
    private readonly em: () => EntityManager,
    private readonly bus: Bus,
    private readonly settings: AiQuotaSettings,
    logger: Logger,
    private readonly now: () => Date,
    private readonly schema: string,
  ) {
    this.counter = new Limit(
      store,
      {
        name: 'ai_calls',
        points: COUNTER_CEILING,
        windowSeconds: DAY_SECONDS + 3600,
        whenStoreDown: 'closed',
      },
      logger,
    );
  }

  /** Counts one AI call of `userId`, or refuses it (429 with the wait until midnight UTC) when today's are used. */
  async take(userId: number): Promise<void> {
    if (!this.settings.enabled) return;
    const override = await this.em().findOne(AiQuotaOverride, { userId });
    const tokenLimit = override?.dailyTokenLimit ?? this.settings.defaultDailyTokens ?? null;
    if (tokenLimit !== null && (await this.recordedUse(userId)).tokens >= tokenLimit) {
      const wait = this.secondsToReset();
      throw tooManyRequests(aiTokenQuotaExhaustedMessage(tokenLimit, describeWait(wait)), wait);
    }
    const limit = override?.dailyLimit ?? this.settings.defaultDailyLimit;
    const key = this.keyOf(userId);
    const outcome = await this.counter.take(key);
    if (outcome.used <= limit) return;
    await this.counter.giveBack(key);
    const wait = this.secondsToReset();
    throw tooManyRequests(aiQuotaExhaustedMessage(limit, describeWait(wait)), wait);
  }

  async get(userId: number, context: RequestContext): Promise<AiQuota> {
    await requireAccess(this.bus, context, 'read', userId);
    return this.view(userId);
  }

  /** Sets the calls override (null: the default) and, when given, the tokens one; a row of two nulls goes. */
  async set(
    userId: number,
    dailyLimit: number | null,
    dailyTokenLimit: number | null | undefined,
    context: RequestContext,
  ): Promise<AiQuota> {
    await requireStoredAdmin(this.bus, context);
    const em = this.em();
    // One statement each, so any number of admins setting the same user's quota at once all succeed.
    const tokensGiven = dailyTokenLimit !== undefined;
    await em.upsert(
      AiQuotaOverride,
      { userId, dailyLimit, dailyTokenLimit: dailyTokenLimit ?? null, updatedAt: new Date() },
      {
        onConflictFields: ['userId'],
        onConflictAction: 'merge',
        onConflictMergeFields: tokensGiven
          ? ['dailyLimit', 'dailyTokenLimit', 'updatedAt']
          : ['dailyLimit', 'updatedAt'],
      },
    );
    await em.nativeDelete(AiQuotaOverride, { userId, dailyLimit: null, dailyTokenLimit: null });
    return this.view(userId);
  }

  private async view(userId: number): Promise<AiQuota> {
    const row = await this.em().findOne(AiQuotaOverride, { userId });
    const override = row?.dailyLimit ?? null;
    const tokenOverride = row?.dailyTokenLimit ?? null;
    const limit = override ?? this.settings.defaultDailyLimit;
    const tokenLimit = tokenOverride ?? this.settings.defaultDailyTokens ?? null;
    const use = await this.recordedUse(userId);
    // Reading the count fails open (the store's failure is logged by the counter); `take` is what refuses.
    const used = this.settings.enabled
      ? await this.counter.peek(this.keyOf(userId)).then(
          (outcome) => outcome.used,
          () => 0,
        )
      : 0;
    return {
      user_id: userId,
      limit,
      used: Math.min(used, limit),
      remaining: Math.max(0, limit - used),
      resets_at: new Date(this.dayStart().getTime() + DAY_SECONDS * 1000).toISOString(),
      override,
      tokens_used: use.tokens,
      token_limit: tokenLimit,
      tokens_remaining: tokenLimit === null ? null : Math.max(0, tokenLimit - use.tokens),
      token_override: tokenOverride,
      cost_usd: use.costUsd,
    };
  }

  /** The tokens and estimated cost of the user's calls recorded today (index `ai_calls_user_created`). */
  private async recordedUse(userId: number): Promise<RecordedUse> {
    const [row] = await this.em().execute<Array<{ tokens: string; cost: string }>>(
      `select coalesce(sum(coalesce("prompt_tokens", 0) + coalesce("completion_tokens", 0)), 0) as "tokens",
         coalesce(sum("cost_usd"), 0) as "cost"
       from "${this.schema}"."ai_calls" where "user_id" = ? and "created_at" >= ?`,
      [userId, this.dayStart()],
    );
    return { tokens: Number(row?.tokens ?? 0), costUsd: Number(row?.cost ?? 0) };
  }

  private keyOf(userId: number): string {
    return `${userId}:${this.dayStart().toISOString().slice(0, 10)}`;
  }

  private dayStart(): Date {
    const now = this.now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  }

  private secondsToReset(): number {
    return Math.ceil((this.dayStart().getTime() + DAY_SECONDS * 1000 - this.now().getTime()) / 1000);
  }
}
