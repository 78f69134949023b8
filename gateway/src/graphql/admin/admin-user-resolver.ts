import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { adminUserOperations } from '@promptloom/proto';
import { User } from '../auth/auth-types';
import { callAs } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
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
    return UserPage.from(
      await callAs(callerOf(context), context.bus, adminUserOperations.list, () => ({
        page: page ?? undefined,
        per_page: perPage ?? undefined,
      })),
    );
  }

  @Mutation(() => User, { description: 'Admins only: creates a user of any role.' })
  async createUser(
    @Ctx() context: GraphQLContext,
    @Arg('input', () => AdminUserInput) input: AdminUserInput,
  ) {
    return User.from(
      await callAs(callerOf(context), context.bus, adminUserOperations.create, () =>
        createUserRequest(input),
      ),
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
    return User.from(
      await callAs(callerOf(context), context.bus, adminUserOperations.update, () =>
        updateUserRequest(id, input),
      ),
    );
  }

  @Mutation(() => Int, {
    description:
      "Admins only: deletes a user (other services then remove the user's records); not oneself nor the last admin.",
  })
  async deleteUser(@Ctx() context: GraphQLContext, @Arg('id', () => Int) id: number) {
    return (await callAs(callerOf(context), context.bus, adminUserOperations.delete, () => ({ id }))).id;
  }
}
