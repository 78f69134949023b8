import { Ctx, Query, Resolver } from 'type-graphql';
import { dashboardOperations } from '@promptloom/proto';
import { call } from '@promptloom/shared';
import { requireAdmin, type GraphQLContext } from '../context';
import { DashboardFigures } from './dashboard-types';

@Resolver()
export class AdminDashboardResolver {
  @Query(() => DashboardFigures, {
    description: 'Admins only: modules, modes, mode types and users, counted.',
  })
  async adminDashboard(@Ctx() context: GraphQLContext) {
    requireAdmin(context);
    return DashboardFigures.from(
      await call(context.bus, dashboardOperations.figures, {}, { context: context.request }),
    );
  }
}
