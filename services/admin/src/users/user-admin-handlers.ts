import { type EntityManager } from '@mikro-orm/postgresql';
import { resolvePage, type AdminUserPage, type PageRequest, type RequestContext } from '@promptloom/proto';
import { type AdminGuard } from './admin-guard';
import { User } from './user.entity';

/** What admins do with users (SPEC §2 Manage User). */
export class UserAdminHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly guard: AdminGuard,
  ) {}

  async list(request: PageRequest, context: RequestContext): Promise<AdminUserPage> {
    await this.guard.requireAdmin(context);
    const em = this.em();
    const total = await em.count(User, {});
    const { page, lastPage, offset } = resolvePage(request, total);
    const users = await em.find(User, {}, { orderBy: { id: 'asc' }, limit: request.per_page, offset });
    return {
      data: users.map((user) => user.toPublic()),
      current_page: page,
      last_page: lastPage,
      per_page: request.per_page,
      total,
    };
  }
}
