import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { adminUserOperations } from '@promptloom/proto';
import { call } from '@promptloom/shared';
import { requireAdmin, type GraphQLContext } from '../context';
import { UserPage } from './admin-user-types';

@Resolver()
export class AdminUserResolver {
  @Query(() => UserPage, { description: 'Admins only: users, one page at a time.' })
  async adminUsers(
    @Ctx() context: GraphQLContext,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('perPage', () => Int, { nullable: true }) perPage?: number,
  ) {
    requireAdmin(context);
    const request = { page: page ?? undefined, per_page: perPage ?? undefined };
    return UserPage.from(
      await call(context.bus, adminUserOperations.list, request, { context: context.request }),
    );
  }
}
