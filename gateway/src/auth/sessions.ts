import {
  DomainError,
  NOT_AUTHENTICATED_MESSAGE,
  accountOperations,
  type PublicUser,
  type RequestContext,
  type RequestOf,
} from '@promptloom/proto';
import { call, type Bus } from '@promptloom/shared';
import { type TokenService } from './token-service';

export interface SessionPayload {
  accessToken: string;
  expiresInSeconds: number;
  user: PublicUser;
}

/** Sign-up and sign-in, the same for REST and GraphQL: the admin service checks, the gateway issues the token. */
export class Sessions {
  constructor(
    private readonly bus: Bus,
    private readonly tokens: TokenService,
  ) {}

  async signup(
    input: RequestOf<typeof accountOperations.signup>,
    context: RequestContext,
  ): Promise<SessionPayload> {
    const { user } = await call(this.bus, accountOperations.signup, input, { context });
    return this.open(user);
  }

  async login(
    input: RequestOf<typeof accountOperations.login>,
    context: RequestContext,
  ): Promise<SessionPayload> {
    const { user } = await call(this.bus, accountOperations.login, input, { context });
    return this.open(user);
  }

  /** The signed-in user as stored now; a deleted or deactivated account ends the session. */
  async currentUser(context: RequestContext): Promise<PublicUser> {
    if (!context.actor) throw new DomainError('UNAUTHENTICATED', NOT_AUTHENTICATED_MESSAGE);
    const { user } = await call(
      this.bus,
      accountOperations.getUser,
      { id: context.actor.userId },
      { context },
    ).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') {
        throw new DomainError('UNAUTHENTICATED', 'Your account no longer exists. Please sign up again.');
      }
      throw error;
    });
    if (user.status !== 'Active') throw new DomainError('FORBIDDEN', 'Your account is inactive.');
    return user;
  }

  private open(user: PublicUser): SessionPayload {
    const { token, expiresInSeconds } = this.tokens.issue({ userId: user.id, role: user.role_type });
    return { accessToken: token, expiresInSeconds, user };
  }
}
