import { DomainError } from '@promptloom/proto';
import { createLogger, loadConfig, MEMORY_LIMIT_STORE } from '@promptloom/shared';
import {
  DEFAULT_SIGN_IN_LIMITS,
  SignInLimits,
  signInLimitsOf,
  type SignInLimitSettings,
} from './sign-in-limits';

/** Limits counted in this process's memory, as the embedded default counts them: each instance its own counts. */
const limitsOf = (settings: Partial<SignInLimitSettings> = {}) =>
  new SignInLimits(
    MEMORY_LIMIT_STORE,
    { ...DEFAULT_SIGN_IN_LIMITS, ...settings },
    createLogger('sign-in-limits-test', 'silent'),
  );

const EXISTS = Promise.resolve(true);

async function refusalOf(work: Promise<unknown>): Promise<DomainError> {
  const outcome = await work.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(DomainError);
  return outcome as DomainError;
}

describe('SignInLimits', () => {
  it('takes a clean address for a user, and one with a failure this hour for a guesser', async () => {
    const limits = limitsOf();
    await expect(limits.beforeLogin('ada@example.com', '10.0.0.1', EXISTS)).resolves.toEqual({
      guessing: false,
    });
    await limits.loginFailed('ada@example.com', '10.0.0.1', true);
    await expect(limits.beforeLogin('ada@example.com', '10.0.0.1', EXISTS)).resolves.toEqual({
      guessing: true,
    });
    await expect(limits.beforeLogin('ada@example.com', '10.0.0.2', EXISTS)).resolves.toEqual({
      guessing: false,
    });
  });

  it('takes a sign-in without an address for a guesser', async () => {
    await expect(limitsOf().beforeLogin('ada@example.com', undefined, EXISTS)).resolves.toEqual({
      guessing: true,
    });
  });

  it('locks an account for the addresses that guessed, not for its owner on a clean address', async () => {
    const limits = limitsOf({ failuresPerAccountPerHour: 3 });
    for (let attempt = 0; attempt < 3; attempt++)
      await limits.loginFailed('ada@example.com', '10.0.0.9', true);
    const refusal = await refusalOf(limits.beforeLogin('ada@example.com', '10.0.0.9', EXISTS));
    expect(refusal.code).toBe('TOO_MANY_REQUESTS');
    expect(refusal.message).toMatch(
      /^Too many failed sign-in attempts for this account\. It is locked; please try again in .+\.$/,
    );
    // Locked for what is left of the hour its failures are counted in.
    expect(refusal.retryAfterSeconds).toBeGreaterThan(0);
    expect(refusal.retryAfterSeconds).toBeLessThanOrEqual(3600);
    await expect(limits.beforeLogin('ada@example.com', '10.0.0.1', EXISTS)).resolves.toEqual({
      guessing: false,
    });
  });

  it('counts guesses at an email no account has only per address', async () => {
    const limits = limitsOf({ failuresPerAccountPerHour: 1, failuresPerIpPerHour: 10 });
    await limits.loginFailed('nobody@example.com', '10.0.0.9', false);
    await limits.loginFailed('nobody@example.com', '10.0.0.9', false);
    await expect(
      limits.beforeLogin('nobody@example.com', '10.0.0.9', Promise.resolve(false)),
    ).resolves.toEqual({
      guessing: true,
    });
  });

  it('refuses every sign-in from an address past its failures, whatever the account', async () => {
    const limits = limitsOf({ failuresPerIpPerHour: 2 });
    await limits.loginFailed('ada@example.com', '10.0.0.9', true);
    await limits.loginFailed('grace@example.com', '10.0.0.9', true);
    const refusal = await refusalOf(limits.beforeLogin('linus@example.com', '10.0.0.9', EXISTS));
    expect(refusal.message).toMatch(
      /^Too many failed sign-in attempts from your network\. Please try again in/,
    );
    await expect(limits.beforeLogin('linus@example.com', '10.0.0.8', EXISTS)).resolves.toEqual({
      guessing: false,
    });
  });

  it('clears the account’s failures on a successful sign-in, but not the address’s', async () => {
    const limits = limitsOf({ failuresPerAccountPerHour: 2 });
    await limits.loginFailed('ada@example.com', '10.0.0.9', true);
    await limits.loginFailed('ada@example.com', '10.0.0.9', true);
    await limits.loginSucceeded('ada@example.com');
    await expect(limits.beforeLogin('ada@example.com', '10.0.0.9', EXISTS)).resolves.toEqual({
      guessing: true,
    });
  });

  it('counts sign-ups per address before each attempt, and gives back one that was not the caller’s fault', async () => {
    const limits = limitsOf({ signupsPerIpPerHour: 2 });
    await limits.signupAttempted('10.0.0.5');
    await limits.signupAttempted('10.0.0.5');
    const refusal = await refusalOf(limits.signupAttempted('10.0.0.5'));
    expect(refusal.message).toMatch(/^Too many sign-ups from your network\. Please try again in/);

    const other = limitsOf({ signupsPerIpPerHour: 1 });
    await other.signupAttempted('10.0.0.6');
    await other.signupNotCounted('10.0.0.6');
    await expect(other.signupAttempted('10.0.0.6')).resolves.toBeUndefined();
    await expect(other.signupAttempted('10.0.0.7')).resolves.toBeUndefined();
  });

  it('does not count sign-ups without an address', async () => {
    const limits = limitsOf({ signupsPerIpPerHour: 1 });
    await limits.signupAttempted(undefined);
    await expect(limits.signupAttempted(undefined)).resolves.toBeUndefined();
  });

  it('counts and refuses nothing when turned off', async () => {
    const limits = limitsOf({
      enabled: false,
      failuresPerAccountPerHour: 1,
      failuresPerIpPerHour: 1,
      signupsPerIpPerHour: 1,
    });
    for (let attempt = 0; attempt < 3; attempt++) {
      await limits.loginFailed('ada@example.com', '10.0.0.9', true);
      await limits.signupAttempted('10.0.0.9');
    }
    await expect(limits.beforeLogin('ada@example.com', '10.0.0.9', EXISTS)).resolves.toEqual({
      guessing: false,
    });
  });
});

describe('signInLimitsOf', () => {
  it('reads the limits from the configuration', () => {
    const config = loadConfig({
      LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: '7',
      LOGIN_FAILURES_PER_IP_PER_HOUR: '70',
      SIGNUPS_PER_IP_PER_HOUR: '3',
      RATE_LIMITS_ENABLED: 'false',
    });
    expect(signInLimitsOf(config)).toEqual({
      failuresPerAccountPerHour: 7,
      failuresPerIpPerHour: 70,
      signupsPerIpPerHour: 3,
      enabled: false,
    });
  });

  it('uses OWASP’s 100 failures per account and hour by default', () => {
    expect(signInLimitsOf(loadConfig({})).failuresPerAccountPerHour).toBe(100);
  });
});
