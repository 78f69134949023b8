import { type EntityManager } from '@mikro-orm/postgresql';
import { type DashboardFigures, type RequestContext } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { ModeType } from '../catalogue/mode-type.entity';
import { Mode } from '../catalogue/mode.entity';
import { Module } from '../catalogue/module.entity';
import { User } from '../users/user.entity';
import { recordFigures } from './record-figures';

/** The admin dashboard's cards, counted from the admin service's own tables. */
export class DashboardHandlers {
  constructor(
    private readonly em: () => EntityManager,
    private readonly bus: Bus,
  ) {}

  async figures(context: RequestContext): Promise<DashboardFigures> {
    const em = this.em();
    const schema = em.config.get('schema');
    const [modules, activeModules, modes, modeTypes, users, activeUsers, byRole, records, power] =
      await Promise.all([
        em.count(Module, {}),
        em.count(Module, { status: 'Active' }),
        em.count(Mode, {}),
        em.count(ModeType, {}),
        em.count(User, {}),
        em.count(User, { status: 'Active' }),
        em.execute<Array<{ role_type: string; count: number }>>(
          `select "role_type", count(*)::int as "count" from "${schema}"."users"
         group by "role_type" order by "role_type"`,
        ),
        recordFigures(this.bus, context),
        em.execute<Array<{ mode_id: number; mode: string; mode_types: number }>>(
          `select m."id" as "mode_id", m."name" as "mode", count(t."id")::int as "mode_types"
         from "${schema}"."modes" m left join "${schema}"."mode_types" t on t."mode_id" = m."id"
         group by m."id", m."name" order by m."id"`,
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
      records,
      power_per_mode: power,
    };
  }
}
