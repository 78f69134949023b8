import { type EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_ROLE, invalidInput, type RequestContext } from '@promptloom/proto';
import { User } from './user.entity';

export const CANNOT_DELETE_SELF = 'You cannot delete your own account.';
export const CANNOT_DEMOTE_SELF = 'You cannot remove your own admin role or deactivate yourself.';
export const LAST_ADMIN = 'The last active admin cannot be deleted, demoted or deactivated.';

const isActiveAdmin = (user: { roleType: string; status: string }) =>
  user.roleType === ADMIN_ROLE && user.status === 'Active';

/**
 * The rules that keep the product administrable: an admin never deletes or demotes themselves, and the last
 * active admin stays. Run inside the change's transaction, under the users lock, so two admins demoting each other
 * at once cannot both succeed.
 */
export async function checkAdminSafety(
  tx: EntityManager,
  context: RequestContext,
  target: User,
  change: { deleting: true } | { roleType: string; status: string },
): Promise<void> {
  if (!isActiveAdmin(target)) return;
  const demoted = 'deleting' in change || !isActiveAdmin(change);
  if (!demoted) return;
  const self = target.id === context.actor?.userId;
  if ('deleting' in change) {
    if (self) throw invalidInput({ id: [CANNOT_DELETE_SELF] });
  } else if (self) {
    const field = change.roleType !== ADMIN_ROLE ? 'role_type' : 'status';
    throw invalidInput({ [field]: [CANNOT_DEMOTE_SELF] });
  }
  const others = await tx.count(User, { roleType: ADMIN_ROLE, status: 'Active', id: { $ne: target.id } });
  if (others === 0) throw invalidInput({ id: [LAST_ADMIN] });
}
