import { type EntityManager } from '@mikro-orm/postgresql';
import {
  aiQuotaExhaustedMessage,
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
}

const DAY_SECONDS = 86_400;
/** The counter's own ceiling: the real limit is per user (see `take`), the library only counts. */
const COUNTER_CEILING = 1_000_000_000;

/**
 * AI calls per user per UTC day. Counters live in the worker's `rate_limits` table (shared by every worker
 * replica), one key per user and day. A store that does not answer refuses the call (fails closed): AI calls cost
 * the operator money.
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
    const limit = await this.limitOf(userId);
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

  async set(userId: number, dailyLimit: number | null, context: RequestContext): Promise<AiQuota> {
    await requireStoredAdmin(this.bus, context);
    const em = this.em();
    // One statement each, so any number of admins setting the same user's quota at once all succeed.
    if (dailyLimit === null) await em.nativeDelete(AiQuotaOverride, { userId });
    else
      await em.upsert(
        AiQuotaOverride,
        { userId, dailyLimit, updatedAt: new Date() },
        { onConflictFields: ['userId'], onConflictAction: 'merge' },
      );
    return this.view(userId);
  }

  private async view(userId: number): Promise<AiQuota> {
    const override = (await this.em().findOne(AiQuotaOverride, { userId }))?.dailyLimit ?? null;
    const limit = override ?? this.settings.defaultDailyLimit;
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
    };
  }

  private async limitOf(userId: number): Promise<number> {
    const override = await this.em().findOne(AiQuotaOverride, { userId });
    return override?.dailyLimit ?? this.settings.defaultDailyLimit;
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
