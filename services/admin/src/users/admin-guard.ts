import { type EntityManager } from '@mikro-orm/postgresql';
import {
  DomainError,
  SESSION_ENDED_MESSAGE,
  isSessionLive,
  requireAdminOperation,
  type RequestContext,
} from '@promptloom/proto';
import { type AccessChecks } from '@promptloom/shared';
import { type SessionHandlers } from '../sessions/session-handlers';
import { User } from './user.entity';

/**
 * The admin service's access checks (what `handle()` asks before a handler runs), read from its own tables rather
 * than over the bus: the role by the product's policy with the stored role, so an admin demoted or deactivated a
 * minute ago is refused even with a token still valid; and the session, so one that ended (logout, password change)
 * is refused here at once, without waiting for any cache.
 */
export class AdminGuard implements AccessChecks {
  constructor(
    private readonly em: () => EntityManager,
    private readonly sessions: SessionHandlers,
  ) {}

  async requireAdmin(context: RequestContext): Promise<void> {
    const actor = requireAdminOperation(context.actor);
    const user = await this.em().findOne(User, { id: actor.userId });
    requireAdminOperation(actor, user?.status === 'Active' ? user.roleType : null);
    await this.requireLiveSession(context);
  }

  async requireLiveSession(context: RequestContext): Promise<void> {
    const actor = context.actor;
    if (!actor) return;
    // Every user acts in a session: an actor without one is refused, never taken for an internal caller.
    const state = actor.sessionId
      ? await this.sessions.state({ userId: actor.userId, sessionId: actor.sessionId })
      : null;
    if (!state || !isSessionLive(actor, state))
      throw new DomainError('UNAUTHENTICATED', SESSION_ENDED_MESSAGE);
  }
}
