import { type EntityManager } from '@mikro-orm/postgresql';
import {
  ADMIN_ROLE,
  DomainError,
  NOT_AUTHENTICATED_MESSAGE,
  NOT_AUTHORIZED_MESSAGE,
  type RequestContext,
} from '@promptloom/proto';
import { User } from './user.entity';

/**
 * The service's own role check for admin operations. The gateway already checked the token's role; this checks
 * the stored user, so an admin demoted or deactivated a minute ago is refused even with a token still valid.
 */
export class AdminGuard {
  constructor(private readonly em: () => EntityManager) {}

  async requireAdmin(context: RequestContext): Promise<User> {
    if (!context.actor) throw new DomainError('UNAUTHENTICATED', NOT_AUTHENTICATED_MESSAGE);
    const user = await this.em().findOne(User, { id: context.actor.userId });
    if (!user || user.roleType !== ADMIN_ROLE || user.status !== 'Active') {
      throw new DomainError('FORBIDDEN', NOT_AUTHORIZED_MESSAGE);
    }
    return user;
  }
}
