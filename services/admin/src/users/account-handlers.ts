import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  ADMIN_ROLE,
  DomainError,
  ROLES,
  accountEvents,
  type accountOperations,
  invalidInput,
  type ParsedRequestOf,
  type PublicUser,
  type RequestContext,
} from '@promptloom/proto';
import { recordEvent, type OutboxWriter } from '@promptloom/shared';
import { hashPassword, verifyPassword } from './password';
import { type SignInLimits } from './sign-in-limits';
import { User } from './user.entity';

export const EMAIL_TAKEN = 'The email has already been taken.';
export const BAD_CREDENTIALS = 'These credentials do not match our records.';
export const ACCOUNT_INACTIVE = 'Your account is inactive. Please contact an administrator.';
export const UNAUTHORIZED_ROLE = 'Unauthorized role';

type Signup = ParsedRequestOf<typeof accountOperations.signup>;
type Login = ParsedRequestOf<typeof accountOperations.login>;
type SignedIn = { user: PublicUser; sessionVersion: number };
type EnsureAdmin = ParsedRequestOf<typeof accountOperations.ensureAdmin>;

/** Sign-up, sign-in and the first admin. `em` is a fresh fork per call. */
export class AccountHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly writer: OutboxWriter,
    private readonly limits: SignInLimits,
  ) {}

  async signup(request: Signup, context: RequestContext): Promise<SignedIn> {
    await this.limits.signupAttempted(request.client_ip);
    try {
      const user = await this.createUser(
        {
          firstName: request.first_name,
          lastName: request.last_name,
          email: request.email,
          mobile: request.mobile,
          roleType: 'user',
          password: request.password,
        },
        context,
      );
      return { user: user.toPublic(), sessionVersion: user.sessionVersion };
    } catch (error) {
      // A refused input (the email taken) stays counted; a busy or failing service is not the caller's attempt.
      if (!(error instanceof DomainError && error.code === 'BAD_USER_INPUT'))
        await this.limits.signupNotCounted(request.client_ip);
      throw error;
    }
  }

  async login(request: Login): Promise<SignedIn> {
    const startedAt = Date.now();
    const em = this.em();
    const found = em.findOne(User, { email: request.email });
    const { guessing } = await this.limits.beforeLogin(
      request.email,
      request.client_ip,
      found.then((user) => user !== null),
    );
    const user = await found;
    const valid = await verifyPassword(user?.passwordHash ?? null, request.password, {
      priority: guessing ? 'guessing' : 'normal',
      since: startedAt,
    });
    if (!user || !valid) {
      await this.limits.loginFailed(request.email, request.client_ip, user !== null);
      throw invalidInput({ email: [BAD_CREDENTIALS] });
    }
    await this.limits.loginSucceeded(request.email);
    if (user.status !== 'Active') throw new DomainError('FORBIDDEN', ACCOUNT_INACTIVE);
    if (!(ROLES as readonly string[]).includes(user.roleType))
      throw new DomainError('FORBIDDEN', UNAUTHORIZED_ROLE);
    user.lastLoginAt = new Date();
    await em.flush();
    return { user: user.toPublic(), sessionVersion: user.sessionVersion };
  }

  async getUser(id: number): Promise<{ user: PublicUser }> {
    const user = await this.em().findOne(User, { id });
    if (!user) throw new DomainError('NOT_FOUND', 'User not found.');
    return { user: user.toPublic() };
  }

  async ensureAdmin(request: EnsureAdmin, context: RequestContext) {
    if (!request.always) {
      const admins = await this.em().count(User, { roleType: ADMIN_ROLE });
      if (admins > 0) return { created: false, user: null };
    }
    const user = await this.createUser(
      {
        firstName: request.first_name,
        lastName: request.last_name,
        email: request.email,
        mobile: request.mobile,
        roleType: ADMIN_ROLE,
        password: request.password,
      },
      context,
    );
    return { created: true, user: user.toPublic() };
  }

  /** Writes the user and its `user.created` event in one transaction; a taken email is a 422 on the email field. */
  private async createUser(
    fields: {
      firstName: string;
      lastName: string;
      email: string;
      mobile: string;
      roleType: string;
      password: string;
    },
    context: RequestContext,
  ): Promise<User> {
    const em = this.em();
    if ((await em.count(User, { email: fields.email })) > 0) throw invalidInput({ email: [EMAIL_TAKEN] });
    const { password, ...rest } = fields;
    const user = new User({ ...rest, passwordHash: await hashPassword(password) });
    try {
      await this.writer.write(async (tx) => {
        tx.persist(user);
        await tx.flush();
        recordEvent(tx, accountEvents.userCreated, { user: user.toPublic() }, context);
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw invalidInput({ email: [EMAIL_TAKEN] });
      throw error;
    }
    return user;
  }
}
