import { type EntityManager } from '@mikro-orm/postgresql';
import { sessionEvents, type RequestContext, type SessionEndReason } from '@promptloom/proto';
import { recordEvent } from '@promptloom/shared';
import { type User } from '../users/user.entity';

/** What of an account, when changed, ends its sessions; null when the change leaves them standing. */
export function sessionEndReason(
  before: { roleType: string; status: string },
  after: { roleType: string; status: string },
  passwordChanged: boolean,
): SessionEndReason | null {
  if (after.status !== 'Active' && before.status === 'Active') return 'deactivated';
  if (after.roleType !== before.roleType) return 'role_changed';
  if (passwordChanged) return 'password_changed';
  return null;
}

/**
 * Ends every session of `user` in the transaction that changes it: the version its tokens carry no longer matches,
 * and `evt.admin.session.ended` tells the gateways to forget it and close its sockets at once.
 */
export function endSessions(
  tx: EntityManager,
  user: User,
  reason: SessionEndReason,
  context: RequestContext,
): void {
  user.sessionVersion += 1;
  recordEvent(tx, sessionEvents.sessionEnded, { userId: user.id, sessionId: null, reason }, context);
}
