import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { moduleOperations } from '@promptloom/proto';
import { callAs } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
import { Module, ModuleInput, ModulePage } from './catalogue-types';
import { pageRequest, toGraphQLPage } from './page-type';

const moduleRequest = (input: ModuleInput) => ({
  name: input.name,
  status: input.status ?? undefined,
});

@Resolver()
export class AdminModuleResolver {
  @Query(() => ModulePage, { description: 'Admins only: modules, one page at a time.' })
  async adminModules(
    @Ctx() context: GraphQLContext,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('perPage', () => Int, { nullable: true }) perPage?: number,
  ) {
    const result = await callAs(callerOf(context), context.bus, moduleOperations.list, () =>
      pageRequest(page, perPage),
    );
    return toGraphQLPage(result, Module.from);
  }

  @Mutation(() => Module, { description: 'Admins only.' })
  async createModule(@Ctx() context: GraphQLContext, @Arg('input', () => ModuleInput) input: ModuleInput) {
    return Module.from(
      await callAs(callerOf(context), context.bus, moduleOperations.create, () => moduleRequest(input)),
    );
  }

  @Mutation(() => Module, { description: 'Admins only; the status is kept when not given.' })
  async updateModule(
    @Ctx() context: GraphQLContext,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => ModuleInput) input: ModuleInput,
  ) {
    return Module.from(
      await callAs(callerOf(context), context.bus, moduleOperations.update, () => ({
        id,
        ...moduleRequest(input),
      })),
    );
  }

  @Mutation(() => Int, { description: 'Admins only: deletes an unused module; answers its id.' })
  async deleteModule(@Ctx() context: GraphQLContext, @Arg('id', () => Int) id: number) {
    return (await callAs(callerOf(context), context.bus, moduleOperations.delete, () => ({ id }))).id;
  }
}
