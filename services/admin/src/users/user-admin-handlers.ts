import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  DomainError,
  accountEvents,
  invalidInput,
  sessionEvents,
  splitName,
  type AdminUserCreateRequest,
  type AdminUserPage,
  type AdminUserUpdateRequest,
  type PageRequest,
  type PublicUser,
  type RequestContext,
} from '@promptloom/proto';
import { recordEvent, type OutboxWriter } from '@promptloom/shared';
import { recordAudit } from '../audit/record-audit';
import { endSessions, sessionEndReason } from '../sessions/session-ends';
import { pageOfRows } from '../page-of-rows';
import { EMAIL_TAKEN } from './account-handlers';
import { checkAdminSafety } from './admin-safety';
import { hashPassword } from './password';
import { User } from './user.entity';

/**
 * What admins do with users (SPEC §2 Manage User). A deleted user's lists, signatures and images belong to other
 * services: they remove them when they receive `user.deleted`.
 */
export class UserAdminHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly writer: Pick<OutboxWriter, 'write'>,
  ) {}

  async list(request: PageRequest): Promise<AdminUserPage> {
    const em = this.em();
    return pageOfRows(
      request,
      await em.count(User, {}),
      (limit, offset) => em.find(User, {}, { orderBy: { id: 'asc' }, limit, offset }),
      (users) => users.map((user) => user.toPublic()),
    );
  }

  async create(request: AdminUserCreateRequest, context: RequestContext): Promise<PublicUser> {
    const passwordHash = await hashPassword(request.password);
    return this.writeUnique(async (tx) => {
      if ((await tx.count(User, { email: request.email })) > 0) throw invalidInput({ email: [EMAIL_TAKEN] });
      const user = new User({
        ...splitName(request.name),
        email: request.email,
        mobile: request.mobile,
        roleType: request.role_type,
        status: request.status,
        passwordHash,
      });
      tx.persist(user);
      await tx.flush();
      const after = user.toPublic();
      recordAudit(tx, context, { entity: 'user', entityId: user.id, action: 'created', before: null, after });
      recordEvent(tx, accountEvents.userCreated, { user: after }, context);
      return after;
    });
  }

  async update(request: AdminUserUpdateRequest, context: RequestContext): Promise<PublicUser> {
    const passwordHash = request.password === undefined ? null : await hashPassword(request.password);
    return this.writeUnique(async (tx) => {
      const user = await this.find(tx, request.id);
      const before = user.toPublic();
      const stored = { roleType: user.roleType, status: user.status };
      if (request.email && (await tx.count(User, { email: request.email, id: { $ne: user.id } })) > 0)
        throw invalidInput({ email: [EMAIL_TAKEN] });
      const roleType = request.role_type ?? user.roleType;
      const status = request.status ?? user.status;
      await checkAdminSafety(tx, context, user, { roleType, status });
      if (request.name !== undefined) Object.assign(user, splitName(request.name));
      Object.assign(user, {
        email: request.email ?? user.email,
        mobile: request.mobile ?? user.mobile,
        roleType,
        status,
      });
      if (passwordHash) user.passwordHash = passwordHash;
      const ended = sessionEndReason(stored, { roleType, status }, passwordHash !== null);
      if (ended) endSessions(tx, user, ended, context);
      await tx.flush();
      const after = user.toPublic();
      recordAudit(tx, context, {
        entity: 'user',
        entityId: user.id,
        action: 'updated',
        before,
        after,
        secretFields: passwordHash ? ['password'] : [],
      });
      recordEvent(tx, accountEvents.userUpdated, { user: after }, context);
      return after;
    });
  }

  async delete(request: { id: number }, context: RequestContext): Promise<{ id: number }> {
    return this.writer.write(async (tx) => {
      const user = await this.find(tx, request.id);
      await checkAdminSafety(tx, context, user, { deleting: true });
      const before = user.toPublic();
      tx.remove(user);
      recordAudit(tx, context, {
        entity: 'user',
        entityId: before.id,
        action: 'deleted',
        before,
        after: null,
      });
      recordEvent(tx, accountEvents.userDeleted, { userId: before.id }, context);
      recordEvent(
        tx,
        sessionEvents.sessionEnded,
        { userId: before.id, sessionId: null, reason: 'deleted' },
        context,
      );
      return { id: before.id };
    });
  }

  private async find(tx: EntityManager, id: number): Promise<User> {
    const user = await tx.findOne(User, { id });
    if (!user) throw new DomainError('NOT_FOUND', 'User not found.');
    return user;
  }

  /** Two admins creating one email at once: the unique index lets one through, the other gets the 422. */
  private async writeUnique<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.writer.write(work);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw invalidInput({ email: [EMAIL_TAKEN] });
      throw error;
    }
  }
}
