import { type EntityManager } from '@mikro-orm/postgresql';
import { type DashboardFigures, type RequestContext } from '@promptloom/proto';
import { ModeType } from '../catalogue/mode-type.entity';
import { Mode } from '../catalogue/mode.entity';
import { Module } from '../catalogue/module.entity';
import { type AdminGuard } from '../users/admin-guard';
import { User } from '../users/user.entity';

/** The admin dashboard's cards, counted from the admin service's own tables. */
export class DashboardHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly guard: AdminGuard,
  ) {}

  async figures(context: RequestContext): Promise<DashboardFigures> {
    await this.guard.requireAdmin(context);
    const em = this.em();
    const [modules, activeModules, modes, modeTypes, users, activeUsers, byRole] = await Promise.all([
      em.count(Module, {}),
      em.count(Module, { status: 'Active' }),
      em.count(Mode, {}),
      em.count(ModeType, {}),
      em.count(User, {}),
      em.count(User, { status: 'Active' }),
      em.execute<Array<{ role_type: string; count: number }>>(
        `select "role_type", count(*)::int as "count" from "${em.config.get('schema')}"."users"
         group by "role_type" order by "role_type"`,
      ),
    ]);
    return {
      modules: { total: modules, active: activeModules, inactive: modules - activeModules },
      modes,
      mode_types: modeTypes,
      users: {
        total: users,
        active: activeUsers,
        inactive: users - activeUsers,
        by_role: byRole.map((row) => ({ role_type: row.role_type, count: row.count })),
      },
    };
  }
}
