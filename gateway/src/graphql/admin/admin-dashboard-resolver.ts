import { Ctx, Query, Resolver } from 'type-graphql';
import { dashboardOperations } from '@promptloom/proto';
import { callAs } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
import { DashboardFigures } from './dashboard-types';

@Resolver()
export class AdminDashboardResolver {
  @Query(() => DashboardFigures, {
    description: 'Admins only: modules, modes, mode types and users, counted.',
  })
  async adminDashboard(@Ctx() context: GraphQLContext) {
    return DashboardFigures.from(
      await callAs(callerOf(context), context.bus, dashboardOperations.figures, () => ({})),
    );
  }
}
