import { type EntityManager } from '@mikro-orm/postgresql';
import {
  DomainError,
  SESSION_ENDED_MESSAGE,
  isSessionLive,
  requireAdminOperation,
  type RequestContext,
} from '@promptloom/proto';
import { type SessionHandlers } from '../sessions/session-handlers';
import { User } from './user.entity';

/**
 * The service's own role check for admin operations, by the product's policy with the stored role: an admin
 * demoted or deactivated a minute ago is refused even with a token still valid, and a session that ended (logout,
 * password change) is refused here too, without waiting for a gateway's cache.
 */
export class AdminGuard {
  constructor(
    private readonly em: () => EntityManager,
    private readonly sessions: SessionHandlers,
  ) {}

  async requireAdmin(context: RequestContext): Promise<User> {
    const actor = requireAdminOperation(context.actor);
    const user = await this.em().findOne(User, { id: actor.userId });
    requireAdminOperation(actor, user?.status === 'Active' ? user.roleType : null);
    // Every user acts in a session: an actor without one is refused, never taken for an internal caller.
    const state = actor.sessionId
      ? await this.sessions.state({ userId: actor.userId, sessionId: actor.sessionId })
      : null;
    if (!state || !isSessionLive(actor, state))
      throw new DomainError('UNAUTHENTICATED', SESSION_ENDED_MESSAGE);
    return user!;
  }
}
