import { randomUUID } from 'node:crypto';
import {
  DomainError,
  NOT_AUTHENTICATED_MESSAGE,
  accountOperations,
  sessionOperations,
  type PublicUser,
  type RequestContext,
  type RequestOf,
} from '@promptloom/proto';
import { call, type Bus } from '@promptloom/shared';
import { callAs } from './call-as';
import { type Caller } from './caller';
import { type CurrentUsers } from './current-users';
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
    private readonly users: CurrentUsers,
  ) {}

  /** `clientIp` (from the connection, never the body) counts toward the sign-up and sign-in limits per address. */
  async signup(
    input: RequestOf<typeof accountOperations.signup>,
    context: RequestContext,
    clientIp: string | undefined,
  ): Promise<SessionPayload> {
    const request = { ...input, client_ip: clientIp };
    const { user, sessionVersion } = await call(this.bus, accountOperations.signup, request, { context });
    return this.open(user, sessionVersion);
  }

  async login(
    input: RequestOf<typeof accountOperations.login>,
    context: RequestContext,
    clientIp: string | undefined,
  ): Promise<SessionPayload> {
    const request = { ...input, client_ip: clientIp };
    const { user, sessionVersion } = await call(this.bus, accountOperations.login, request, { context });
    return this.open(user, sessionVersion);
  }

  /**
   * The signed-in user as stored (kept a few seconds); a deleted or deactivated account ends the session. Answers
   * synchronously when the record is kept (most requests), a promise otherwise.
   */
  currentUser(context: RequestContext): PublicUser | Promise<PublicUser> {
    if (!context.actor) throw new DomainError('UNAUTHENTICATED', NOT_AUTHENTICATED_MESSAGE);
    const kept = this.users.kept(context.actor.userId);
    if (kept) return activeUser(kept);
    return this.users.get(context.actor.userId, context).then(activeUser, (error: unknown) => {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') {
        throw new DomainError('UNAUTHENTICATED', 'Your account no longer exists. Please sign up again.');
      }
      throw error;
    });
  }

  /**
   * Ends the caller's session on the server: its id is revoked until any token of it would have expired (a renewed
   * token lives `idleMs` from now at most), and every gateway forgets it and closes its sockets.
   */
  async logout(caller: Caller): Promise<void> {
    const expiresAt = new Date(Date.now() + this.tokens.idleMs).toISOString();
    await callAs(caller, this.bus, sessionOperations.logout, (actor) => {
      // A token of no session has none to end (tokens issued before sessions existed are refused anyway).
      if (!actor.sessionId) throw new DomainError('UNAUTHENTICATED', NOT_AUTHENTICATED_MESSAGE);
      return { userId: actor.userId, sessionId: actor.sessionId, expiresAt };
    });
  }

  private open(user: PublicUser, sessionVersion: number): SessionPayload {
    const { token, expiresInSeconds } = this.tokens.issue({
      userId: user.id,
      role: user.role_type,
      sessionId: randomUUID(),
      sessionVersion,
    });
    return { accessToken: token, expiresInSeconds, user };
  }
}

function activeUser(user: PublicUser): PublicUser {
  if (user.status !== 'Active') throw new DomainError('FORBIDDEN', 'Your account is inactive.');
  return user;
}
