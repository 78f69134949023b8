import { describeWait, tooManyRequests } from '@promptloom/proto';
import { Limit, MEMORY_LIMIT_STORE, type Config, type LimitStore, type Logger } from '@promptloom/shared';

export interface SignInLimitSettings {
  /** OWASP ASVS: at most 100 failed sign-ins per hour per account, then the account is locked for the hour. */
  failuresPerAccountPerHour: number;
  failuresPerIpPerHour: number;
  signupsPerIpPerHour: number;
  /** false: nothing is counted or refused (benchmarks' baseline). */
  enabled: boolean;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimitSettings = {
  failuresPerAccountPerHour: 100,
  failuresPerIpPerHour: 500,
  signupsPerIpPerHour: 10,
  enabled: true,
};

export const accountLockedMessage = (wait: string) =>
  `Too many failed sign-in attempts for this account. It is locked; please try again ${wait}.`;
export const networkLockedMessage = (wait: string) =>
  `Too many failed sign-in attempts from your network. Please try again ${wait}.`;
export const signupsLimitedMessage = (wait: string) =>
  `Too many sign-ups from your network. Please try again ${wait}.`;

const HOUR = 3600;

/**
 * Failed sign-ins per account and per IP, and sign-up attempts per IP, counted in the admin schema's `rate_limits`
 * table (shared by every admin replica). A store that does not answer lets sign-in through (fails open) and logs
 * it: locking every user out would be worse than an hour without brute-force protection.
 *
 * A crowd guessing one account must not lock its owner out, so the account's lock holds only for addresses that
 * have failed sign-ins themselves this hour: a correct password from a clean address signs in, and that address's
 * first wrong guess makes it one that the lock holds for. Guesses at emails no account has count only per address.
 */
export class SignInLimits {
  private readonly accountFailures: Limit;
  private readonly ipFailures: Limit;
  private readonly ipSignups: Limit;
  /**
   * The addresses this process saw fail, kept in memory beside the shared count: when a flood makes the store too
   * slow to answer, its guessers must not pass for clean addresses and take a real user's hashing place.
   */
  private readonly ipFailuresSeenHere: Limit;

  constructor(
    store: LimitStore,
    private readonly settings: SignInLimitSettings,
    logger: Logger,
  ) {
    const rule = (name: string, points: number) =>
      ({ name, points, windowSeconds: HOUR, whenStoreDown: 'open' }) as const;
    this.accountFailures = new Limit(
      store,
      rule('login_fail_account', settings.failuresPerAccountPerHour),
      logger,
    );
    this.ipFailures = new Limit(store, rule('login_fail_ip', settings.failuresPerIpPerHour), logger);
    this.ipSignups = new Limit(store, rule('signup_ip', settings.signupsPerIpPerHour), logger);
    this.ipFailuresSeenHere = new Limit(
      MEMORY_LIMIT_STORE,
      rule('login_fail_ip_here', settings.failuresPerIpPerHour),
      logger,
    );
  }

  /**
   * Before the password is checked: refuses a blocked address, and a locked account to an address that has been
   * guessing. `guessing`: the address has failed sign-ins this hour (or is unknown), so its hash waits behind others.
   */
  async beforeLogin(
    email: string,
    ip: string | undefined,
    accountExists: Promise<boolean>,
  ): Promise<{ guessing: boolean }> {
    if (!this.settings.enabled) return { guessing: false };
    const [network, seenHere, account, exists] = await Promise.all([
      ip ? this.ipFailures.peek(ip) : undefined,
      ip ? this.ipFailuresSeenHere.peek(ip) : undefined,
      this.accountFailures.peek(email),
      accountExists,
    ]);
    if (network && !network.allowed) {
      throw tooManyRequests(
        networkLockedMessage(describeWait(network.retryAfterSeconds)),
        network.retryAfterSeconds,
      );
    }
    const guessing = !network || network.used > 0 || (seenHere?.used ?? 0) > 0;
    if (exists && guessing && !account.allowed) {
      throw tooManyRequests(
        accountLockedMessage(describeWait(account.retryAfterSeconds)),
        account.retryAfterSeconds,
      );
    }
    return { guessing };
  }

  /** A wrong password counts against the address, and against the account when there is one. */
  async loginFailed(email: string, ip: string | undefined, accountExists: boolean): Promise<void> {
    if (!this.settings.enabled) return;
    await Promise.all([
      accountExists ? this.accountFailures.take(email) : undefined,
      ip ? this.ipFailures.take(ip) : undefined,
      ip ? this.ipFailuresSeenHere.take(ip) : undefined,
    ]);
  }

  /** A successful sign-in clears the account's failures (the address keeps its count). */
  async loginSucceeded(email: string): Promise<void> {
    if (!this.settings.enabled) return;
    await this.accountFailures.reset(email);
  }

  /**
   * Counts a sign-up attempt from the address, whatever its outcome ("The email has already been taken." too, or
   * the answers would tell anyone which emails exist without limit), and refuses it past the limit. Counted before
   * the attempt, so a burst of them at once cannot pass it.
   */
  async signupAttempted(ip: string | undefined): Promise<void> {
    if (!this.settings.enabled || !ip) return;
    const network = await this.ipSignups.take(ip);
    if (!network.allowed) {
      throw tooManyRequests(
        signupsLimitedMessage(describeWait(network.retryAfterSeconds)),
        network.retryAfterSeconds,
      );
    }
  }

  /** Gives an attempt back that failed for a reason not the caller's (hashing busy, a store or bus down). */
  async signupNotCounted(ip: string | undefined): Promise<void> {
    if (!this.settings.enabled || !ip) return;
    await this.ipSignups.giveBack(ip);
  }
}

/** The settings from the configuration (README "Limits"). */
export function signInLimitsOf(config: Config): SignInLimitSettings {
  return {
    failuresPerAccountPerHour: config.LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR,
    failuresPerIpPerHour: config.LOGIN_FAILURES_PER_IP_PER_HOUR,
    signupsPerIpPerHour: config.SIGNUPS_PER_IP_PER_HOUR,
    enabled: config.RATE_LIMITS_ENABLED,
  };
}
