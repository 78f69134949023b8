import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { moduleOperations } from '@promptloom/proto';
import { call } from '@promptloom/shared';
import { requireAdmin, type GraphQLContext } from '../context';
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
    requireAdmin(context);
    const result = await call(context.bus, moduleOperations.list, pageRequest(page, perPage), {
      context: context.request,
    });
    return toGraphQLPage(result, Module.from);
  }

  @Mutation(() => Module, { description: 'Admins only.' })
  async createModule(@Ctx() context: GraphQLContext, @Arg('input', () => ModuleInput) input: ModuleInput) {
    requireAdmin(context);
    return Module.from(
      await call(context.bus, moduleOperations.create, moduleRequest(input), { context: context.request }),
    );
  }

  @Mutation(() => Module, { description: 'Admins only; the status is kept when not given.' })
  async updateModule(
    @Ctx() context: GraphQLContext,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => ModuleInput) input: ModuleInput,
  ) {
    requireAdmin(context);
    const request = { id, ...moduleRequest(input) };
    return Module.from(
      await call(context.bus, moduleOperations.update, request, { context: context.request }),
    );
  }

  @Mutation(() => Int, { description: 'Admins only: deletes an unused module; answers its id.' })
  async deleteModule(@Ctx() context: GraphQLContext, @Arg('id', () => Int) id: number) {
    requireAdmin(context);
    return (await call(context.bus, moduleOperations.delete, { id }, { context: context.request })).id;
  }
}
