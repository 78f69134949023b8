import { randomBytes } from 'node:crypto';
import { accountOperations, DomainError, type PublicUser } from '@promptloom/proto';
import { call, type Bus } from '@promptloom/shared';

export const DEFAULT_ADMIN_EMAIL = 'admin@promptloom.local';

export interface FirstAdminResult {
  created: boolean;
  user: PublicUser | null;
  /** Only when the password was generated here: shown once to whoever started the product, never logged. */
  generatedPassword?: string;
}

/**
 * How often a start asks again when the password hashing pool is full. A start is not a crowd: on a busy machine
 * it waits for the place the pool names (Retry-After) rather than ending the process.
 */
const BUSY_ATTEMPTS = 5;

/**
 * Makes sure an admin exists. With `always`, adds this admin even if others exist (`npm run create-admin`);
 * without, does nothing once any admin exists (start-up). A missing password is generated.
 */
export async function ensureAdminAccount(
  bus: Bus,
  options: { email?: string; password?: string; always?: boolean },
): Promise<FirstAdminResult> {
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const request = {
    email: options.email ?? DEFAULT_ADMIN_EMAIL,
    password: options.password ?? generatedPassword!,
    always: options.always ?? false,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await call(bus, accountOperations.ensureAdmin, request);
      return result.created && generatedPassword ? { ...result, generatedPassword } : result;
    } catch (error) {
      const busy = error instanceof DomainError && error.code === 'TOO_MANY_REQUESTS';
      if (!busy || attempt >= BUSY_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, (error.retryAfterSeconds ?? 1) * 1000));
    }
  }
}

/** The once-only notice of a generated admin password, for the terminal (not the JSON log). */
export function describeGeneratedAdmin(result: FirstAdminResult): string | null {
  if (!result.created || !result.generatedPassword || !result.user) return null;
  return [
    '',
    '  An admin account was created:',
    `    email:    ${result.user.email}`,
    `    password: ${result.generatedPassword}`,
    '  This password is shown only now. Sign in and change it, or set ADMIN_EMAIL and ADMIN_PASSWORD.',
    '',
  ].join('\n');
}
