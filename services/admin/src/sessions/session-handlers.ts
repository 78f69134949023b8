import { type EntityManager } from '@mikro-orm/postgresql';
import {
  sessionEvents,
  type ParsedRequestOf,
  type RequestContext,
  type SessionState,
  type sessionOperations,
} from '@promptloom/proto';
import { recordEvent, type OutboxWriter } from '@promptloom/shared';
import { User } from '../users/user.entity';

type Logout = ParsedRequestOf<typeof sessionOperations.logout>;

const REVOKED = 'admin.revoked_sessions';

/** The stored facts a session's liveness is decided from (`isSessionLive` in proto), and logout. */
export class SessionHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly writer: OutboxWriter,
  ) {}

  async state(request: { userId: number; sessionId: string }): Promise<SessionState> {
    const em = this.em();
    const [user, revoked] = await Promise.all([
      em.findOne(User, { id: request.userId }),
      em
        .getConnection()
        .execute<Array<{ one: number }>>(
          `select 1 as one from ${REVOKED} where session_id = ? and expires_at > now()`,
          [request.sessionId],
        ),
    ]);
    return {
      user: user ? { role: user.roleType, status: user.status, sessionVersion: user.sessionVersion } : null,
      revoked: revoked.length > 0,
    };
  }

  /** Ends one session: its id is refused until the token would have expired anyway. Only its owner ends it. */
  async logout(request: Logout, context: RequestContext): Promise<{ ended: boolean }> {
    await this.writer.write(async (tx) => {
      await tx.execute(`delete from ${REVOKED} where expires_at <= now()`);
      await tx.execute(
        `insert into ${REVOKED} (session_id, user_id, expires_at) values (?, ?, ?) on conflict do nothing`,
        [request.sessionId, request.userId, request.expiresAt],
      );
      recordEvent(
        tx,
        sessionEvents.sessionEnded,
        { userId: request.userId, sessionId: request.sessionId, reason: 'logout' },
        context,
      );
    });
    return { ended: true };
  }
}
