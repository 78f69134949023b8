import { randomUUID } from 'node:crypto';
import { type EntityManager } from '@mikro-orm/postgresql';
import {
  aiQuotaExhaustedMessage,
  aiTokenQuotaExhaustedMessage,
  aiTokensInFlightMessage,
  describeWait,
  type DomainError,
  tooManyRequests,
  type AiQuota,
} from '@promptloom/proto';
import { Limit, type Bus, type LimitStore, type Logger } from '@promptloom/shared';
import { AiQuotaOverride } from './ai-quota-override.entity';
import { TokenLedger, type TokenReservationOutcome } from './token-ledger';

/** A job's reservation is the user's own: another user naming the same job id reserves apart. */
const jobKeyOf = (userId: number, jobId: string) => `job:${userId}:${jobId}`;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface AiQuotaSettings {
  /** Calls per user per UTC day when an admin set no override; 0 turns AI calls off. */
  defaultDailyLimit: number;
  /** false: nothing is counted or refused (benchmarks' baseline). */
  enabled: boolean;
  /** Tokens per user per UTC day when an admin set no override (AI_TOKENS_PER_USER_PER_DAY); null: no limit. */
  defaultDailyTokens?: number | null;
  /** Tokens reserved for the reply of a call that names no max_tokens (AI_REPLY_TOKENS_ESTIMATE). */
  replyTokensEstimate?: number;
  /** How long a chat call's reservation holds if it is never settled (its worker died). */
  chatReservationSeconds?: number;
  /** The same for a generation job, which may wait in the queue and be retried. */
  jobReservationSeconds?: number;
}

/** What a call holds between `reserve` and `settle`: one call, and the estimate of its tokens. */
export interface QuotaReservation {
  id: string;
  userId: number;
}

/** Today's recorded use of one user, from AI Calls. */
interface RecordedUse {
  tokens: number;
  costUsd: number;
}

const DAY_SECONDS = 86_400;
/** The counter's own ceiling: the real limit is per user (see `reserve`), the library only counts. */
const COUNTER_CEILING = 1_000_000_000;
export const DEFAULT_REPLY_TOKENS_ESTIMATE = 1000;
const DEFAULT_CHAT_RESERVATION_SECONDS = 5 * 60;
const DEFAULT_JOB_RESERVATION_SECONDS = 60 * 60;
/** When the rest of the day's tokens is held by calls under way: they usually end within seconds. */
const TOKENS_IN_FLIGHT_WAIT_SECONDS = 10;

/**
 * AI calls and tokens per user per UTC day, reserved before a call and settled after it. Calls are counted in the
 * worker's `rate_limits` table (shared by every worker replica), one key per user and day; a store that does not
 * answer refuses the call (fails closed): AI calls cost the operator money. Tokens are reserved in the TokenLedger:
 * a call's estimate is held until it settles, and a call is refused while the day's settled and reserved tokens
 * reach the limit, so concurrent calls pass it by at most one call's estimate.
 */
export class AiQuotas {
  private readonly counter: Limit;
  private readonly ledger: TokenLedger;

  constructor(
    store: LimitStore,
    private readonly em: () => EntityManager,
    private readonly bus: Bus,
    private readonly settings: AiQuotaSettings,
    private readonly logger: Logger,
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
    this.ledger = new TokenLedger(em, schema);
  }

  /** Tokens reserved for a reply whose call names no max_tokens. */
  get replyTokensEstimate(): number {
    return this.settings.replyTokensEstimate ?? DEFAULT_REPLY_TOKENS_ESTIMATE;
  }

  /**
   * Reserves one call and `tokens` of `userId`'s day for a call about to be made, or refuses it (429: with the wait
   * until midnight UTC when today's calls or tokens are used, a few seconds when calls under way hold the rest).
   * `job`: the generation job's id, which settles it when it ends (asked twice, it reserves once). Null when limits
   * are off.
   */
  async reserve(userId: number, tokens: number, job?: { id: string }): Promise<QuotaReservation | null> {
    if (!this.settings.enabled) return null;
    const override = await this.em().findOne(AiQuotaOverride, { userId });
    const day = this.today();
    const key = this.keyOf(userId, day);
    const limit = override?.dailyLimit ?? this.settings.defaultDailyLimit;
    // The count goes up first and is checked after, so however many ask at once, only those within the limit pass.
    if ((await this.counter.take(key)).used > limit) {
      await this.counter.giveBack(key);
      const wait = this.secondsToReset();
      throw tooManyRequests(aiQuotaExhaustedMessage(limit, describeWait(wait)), wait);
    }
    const tokenLimit = override?.dailyTokenLimit ?? this.settings.defaultDailyTokens ?? null;
    const id = job ? jobKeyOf(userId, job.id) : randomUUID();
    const ttlSeconds = job
      ? (this.settings.jobReservationSeconds ?? DEFAULT_JOB_RESERVATION_SECONDS)
      : (this.settings.chatReservationSeconds ?? DEFAULT_CHAT_RESERVATION_SECONDS);
    let outcome: TokenReservationOutcome;
    try {
      outcome = await this.ledger.reserve({ id, userId, day, tokens, limit: tokenLimit, ttlSeconds });
    } catch (error) {
      await this.counter.giveBack(key);
      throw error;
    }
    if (outcome.kind === 'reserved') return { id, userId };
    await this.counter.giveBack(key);
    // The same job asked for again: it holds its reservation already, and counts once.
    if (outcome.kind === 'duplicate') return { id, userId };
    throw this.tokensRefused(tokenLimit!, outcome.used);
  }

  /**
   * Ends a reservation: its unused tokens go back (the real ones were charged as each call answered), and its call
   * too when the provider never answered. `answered`: what the caller saw; by default what `charge` recorded. A
   * failure is logged, not thrown: the reservation then expires.
   */
  async settle(reservation: QuotaReservation | null, answered?: boolean): Promise<void> {
    if (!this.settings.enabled || reservation === null) return;
    const id = reservation.id;
    try {
      const settled = await this.ledger.settle(id);
      if (settled && !(answered ?? settled.answered)) {
        await this.counter.giveBack(this.keyOf(settled.userId, settled.day));
      }
    } catch (error) {
      this.logger.error({ err: errorText(error), reservation: id }, 'ai quota reservation not settled');
    }
  }

  /** Settles the reservation `reserve` made for this job of this user, if any (an admin's regenerate has none). */
  async settleJob(userId: number, jobId: string): Promise<void> {
    await this.settle({ id: jobKeyOf(userId, jobId), userId });
  }

  /** Charges a call's real tokens to today (`jobId`: the job whose reservation it answered). */
  async charge(userId: number, tokens: number, jobId?: string): Promise<void> {
    if (!this.settings.enabled) return;
    await this.ledger.charge(userId, this.today(), tokens, jobId && jobKeyOf(userId, jobId));
  }

  async get(userId: number): Promise<AiQuota> {
    return this.view(userId);
  }

  /** Sets the calls override (null: the default) and, when given, the tokens one; a row of two nulls goes. */
  async set(
    userId: number,
    dailyLimit: number | null,
    dailyTokenLimit: number | null | undefined,
  ): Promise<AiQuota> {
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

  private tokensRefused(limit: number, used: number): DomainError {
    if (used >= limit) {
      const wait = this.secondsToReset();
      return tooManyRequests(aiTokenQuotaExhaustedMessage(limit, describeWait(wait)), wait);
    }
    const wait = TOKENS_IN_FLIGHT_WAIT_SECONDS;
    return tooManyRequests(aiTokensInFlightMessage(limit, describeWait(wait)), wait);
  }

  private keyOf(userId: number, day = this.today()): string {
    return `${userId}:${day}`;
  }

  /** Today's UTC date, 'YYYY-MM-DD'. */
  private today(): string {
    return this.dayStart().toISOString().slice(0, 10);
  }

  private dayStart(): Date {
    const now = this.now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  }

  private secondsToReset(): number {
    return Math.ceil((this.dayStart().getTime() + DAY_SECONDS * 1000 - this.now().getTime()) / 1000);
  }
}
