import { describeWait, tooManyRequests } from '@promptloom/proto';
import { Limit, type LimitStore, type Logger } from '@promptloom/shared';

export interface PromptVersionLimitSettings {
  /** Saves per user per minute (PROMPT_VERSIONS_PER_USER_PER_MINUTE). */
  perMinute: number;
  /** false: nothing is counted or refused (RATE_LIMITS_ENABLED). */
  enabled: boolean;
}

export const DEFAULT_PROMPT_VERSION_LIMIT: PromptVersionLimitSettings = { perMinute: 120, enabled: true };

export const promptVersionsLimitedMessage = (wait: string) =>
  `Too many prompt versions saved. Please try again ${wait}.`;

/**
 * Bounds how fast one user saves prompt versions (each is a row and an event). Counted in the service's
 * `rate_limits` table; a store that does not answer lets the save through: it costs no money.
 */
export class PromptVersionLimit {
  private readonly counter: Limit;

  constructor(
    store: LimitStore,
    private readonly settings: PromptVersionLimitSettings,
    logger: Logger,
  ) {
    this.counter = new Limit(
      store,
      { name: 'prompt_versions', points: settings.perMinute, windowSeconds: 60, whenStoreDown: 'open' },
      logger,
    );
  }

  /** Counts one save of `userId`, or refuses it (429 with Retry-After) past the minute's allowance. */
  async take(userId: number): Promise<void> {
    if (!this.settings.enabled) return;
    const outcome = await this.counter.take(`user:${userId}`);
    if (outcome.allowed) return;
    const wait = outcome.retryAfterSeconds;
    throw tooManyRequests(promptVersionsLimitedMessage(describeWait(wait)), wait);
  }
}
