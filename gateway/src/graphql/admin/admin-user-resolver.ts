import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { adminUserOperations } from '@promptloom/proto';
import { call } from '@promptloom/shared';
import { User } from '../auth/auth-types';
import { requireAdmin, type GraphQLContext } from '../context';
import {
  AdminUserInput,
  AdminUserUpdateInput,
  createUserRequest,
  updateUserRequest,
} from './admin-user-inputs';
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

  @Mutation(() => User, { description: 'Admins only: creates a user of any role.' })
  async createUser(
    @Ctx() context: GraphQLContext,
    @Arg('input', () => AdminUserInput) input: AdminUserInput,
  ) {
    requireAdmin(context);
    const request = createUserRequest(input);
    return User.from(
      await call(context.bus, adminUserOperations.create, request, { context: context.request }),
    );
  }

  @Mutation(() => User, {
    description: 'Admins only. An admin cannot demote or deactivate themselves or the last active admin.',
  })
  async updateUser(
    @Ctx() context: GraphQLContext,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => AdminUserUpdateInput) input: AdminUserUpdateInput,
  ) {
    requireAdmin(context);
    const request = updateUserRequest(id, input);
    return User.from(
      await call(context.bus, adminUserOperations.update, request, { context: context.request }),
    );
  }

  @Mutation(() => Int, {
    description:
      "Admins only: deletes a user (other services then remove the user's records); not oneself nor the last admin.",
  })
  async deleteUser(@Ctx() context: GraphQLContext, @Arg('id', () => Int) id: number) {
    requireAdmin(context);
    return (await call(context.bus, adminUserOperations.delete, { id }, { context: context.request })).id;
  }
}
