import { describeWait, tooManyRequests } from '@promptloom/proto';
import { Limit, type Config, type LimitStore, type Logger } from '@promptloom/shared';

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
 * Failed sign-ins per account and per IP, and sign-ups per IP, counted in the admin schema's `rate_limits` table
 * (shared by every admin replica). A store that does not answer lets sign-in through (fails open) and logs it:
 * locking every user out would be worse than an hour without brute-force protection.
 */
export class SignInLimits {
  private readonly accountFailures: Limit;
  private readonly ipFailures: Limit;
  private readonly ipSignups: Limit;

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
  }

  /** Refuses a sign-in to a locked account or from a blocked address, before the password is even checked. */
  async beforeLogin(email: string, ip: string | undefined): Promise<void> {
    if (!this.settings.enabled) return;
    const account = await this.accountFailures.peek(email);
    if (!account.allowed) {
      throw tooManyRequests(
        accountLockedMessage(describeWait(account.retryAfterSeconds)),
        account.retryAfterSeconds,
      );
    }
    if (!ip) return;
    const network = await this.ipFailures.peek(ip);
    if (!network.allowed) {
      throw tooManyRequests(
        networkLockedMessage(describeWait(network.retryAfterSeconds)),
        network.retryAfterSeconds,
      );
    }
  }

  async loginFailed(email: string, ip: string | undefined): Promise<void> {
    if (!this.settings.enabled) return;
    await Promise.all([this.accountFailures.take(email), ip ? this.ipFailures.take(ip) : undefined]);
  }

  /** A successful sign-in clears the account's failures (the address keeps its count). */
  async loginSucceeded(email: string): Promise<void> {
    if (!this.settings.enabled) return;
    await this.accountFailures.reset(email);
  }

  async beforeSignup(ip: string | undefined): Promise<void> {
    if (!this.settings.enabled || !ip) return;
    const network = await this.ipSignups.peek(ip);
    if (!network.allowed) {
      throw tooManyRequests(
        signupsLimitedMessage(describeWait(network.retryAfterSeconds)),
        network.retryAfterSeconds,
      );
    }
  }

  async signedUp(ip: string | undefined): Promise<void> {
    if (!this.settings.enabled || !ip) return;
    await this.ipSignups.take(ip);
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
