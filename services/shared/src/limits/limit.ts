import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { DomainError } from '@promptloom/proto';
import { type Logger } from '../logging';
import { type LimitStore } from './limit-store';

export interface LimitRule {
  /** Names the counters (key prefix) and the limit in logs. */
  name: string;
  /** How many points a key may take per window. */
  points: number;
  windowSeconds: number;
  /**
   * What a check does when the store does not answer: `open` lets the request through (reads, sign-in), `closed`
   * refuses it with SERVICE_UNAVAILABLE (AI calls, which cost money). Either way the log says so.
   */
  whenStoreDown: 'open' | 'closed';
}

export type LimitOutcome =
  /** `windowEndsAt`: when the counted window ends (ms since the epoch); absent when the store did not answer. */
  | { allowed: true; used: number; remaining: number; windowEndsAt?: number }
  | { allowed: false; used: number; retryAfterSeconds: number };

export const LIMIT_STORE_DOWN_MESSAGE =
  'Usage limits cannot be checked right now, so this request is refused. Please try again in a moment.';

/** One limit (rate-limiter-flexible over the given store) with the project's policy for a store that is down. */
export class Limit {
  private readonly limiter: RateLimiterAbstract;
  private storeDown = false;

  constructor(
    store: LimitStore,
    readonly rule: LimitRule,
    private readonly logger: Logger,
  ) {
    const options = { keyPrefix: rule.name, points: rule.points, duration: rule.windowSeconds };
    this.limiter =
      store.kind === 'memory'
        ? new RateLimiterMemory(options)
        : new RateLimiterPostgres({
            ...options,
            storeClient: store.pool,
            storeType: 'pool',
            schemaName: store.schema,
            tableName: store.table,
            tableCreated: true,
            clearExpiredByTimeout: true,
          });
  }

  /** Takes `points` for `key`; past the limit the answer says how long to wait. */
  async take(key: string, points = 1): Promise<LimitOutcome> {
    try {
      const result = await this.limiter.consume(key, points);
      this.recovered();
      return {
        allowed: true,
        used: result.consumedPoints,
        remaining: result.remainingPoints,
        windowEndsAt: Date.now() + result.msBeforeNext,
      };
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        this.recovered();
        return { allowed: false, used: error.consumedPoints, retryAfterSeconds: secondsOf(error) };
      }
      return this.failed(error, { allowed: true, used: 0, remaining: this.rule.points });
    }
  }

  /** What `key` has used in its current window, without taking anything. */
  async peek(key: string): Promise<LimitOutcome> {
    try {
      const result = await this.limiter.get(key);
      this.recovered();
      const used = result?.consumedPoints ?? 0;
      if (result && used >= this.rule.points)
        return { allowed: false, used, retryAfterSeconds: secondsOf(result) };
      return { allowed: true, used, remaining: Math.max(0, this.rule.points - used) };
    } catch (error) {
      return this.failed(error, { allowed: true, used: 0, remaining: this.rule.points });
    }
  }

  /** Gives `points` back (a refused call that should not count). */
  async giveBack(key: string, points = 1): Promise<void> {
    await this.limiter.reward(key, points).catch((error: unknown) => this.noteStoreDown(error));
  }

  /** Forgets `key` (e.g. an account's failed sign-ins after a successful one). */
  async reset(key: string): Promise<void> {
    await this.limiter.delete(key).catch((error: unknown) => this.noteStoreDown(error));
  }

  private failed<T>(error: unknown, openAnswer: T): T {
    this.noteStoreDown(error);
    if (this.rule.whenStoreDown === 'closed')
      throw new DomainError('SERVICE_UNAVAILABLE', LIMIT_STORE_DOWN_MESSAGE);
    return openAnswer;
  }

  /** Logs the first failure of a run of them (not one line per request). */
  private noteStoreDown(error: unknown): void {
    if (!this.storeDown) {
      this.storeDown = true;
      this.logger.error(
        { err: error, limit: this.rule.name, policy: this.rule.whenStoreDown },
        this.rule.whenStoreDown === 'open'
          ? `limit store unavailable: ${this.rule.name} is not enforced (fails open) until it answers again`
          : `limit store unavailable: ${this.rule.name} refuses every call (fails closed) until it answers again`,
      );
    }
  }

  private recovered(): void {
    if (!this.storeDown) return;
    this.storeDown = false;
    this.logger.info({ limit: this.rule.name }, `limit store answers again: ${this.rule.name} is enforced`);
  }
}

const secondsOf = (result: RateLimiterRes): number => Math.max(1, Math.ceil(result.msBeforeNext / 1000));
