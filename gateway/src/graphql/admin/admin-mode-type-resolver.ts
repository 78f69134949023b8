import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { modeTypeOperations } from '@promptloom/proto';
import { call } from '@promptloom/shared';
import { requireAdmin, type GraphQLContext } from '../context';
import { ModeType, ModeTypeInput, ModeTypePage } from './catalogue-types';
import { pageRequest, toGraphQLPage } from './page-type';

const modeTypeRequest = (input: ModeTypeInput) => ({
  top_left: input.topLeft,
  top_right: input.topRight,
  mode_id: input.modeId,
});

@Resolver()
export class AdminModeTypeResolver {
  @Query(() => ModeTypePage, { description: 'Admins only: mode types with their mode, one page at a time.' })
  async adminModeTypes(
    @Ctx() context: GraphQLContext,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('perPage', () => Int, { nullable: true }) perPage?: number,
  ) {
    requireAdmin(context);
    const result = await call(context.bus, modeTypeOperations.list, pageRequest(page, perPage), {
      context: context.request,
    });
    return toGraphQLPage(result, ModeType.from);
  }

  @Mutation(() => ModeType, { description: 'Admins only.' })
  async createModeType(
    @Ctx() context: GraphQLContext,
    @Arg('input', () => ModeTypeInput) input: ModeTypeInput,
  ) {
    requireAdmin(context);
    const request = modeTypeRequest(input);
    return ModeType.from(
      await call(context.bus, modeTypeOperations.create, request, { context: context.request }),
    );
  }

  @Mutation(() => ModeType, { description: 'Admins only.' })
  async updateModeType(
    @Ctx() context: GraphQLContext,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => ModeTypeInput) input: ModeTypeInput,
  ) {
    requireAdmin(context);
    const request = { id, ...modeTypeRequest(input) };
    return ModeType.from(
      await call(context.bus, modeTypeOperations.update, request, { context: context.request }),
    );
  }

  @Mutation(() => Int, { description: 'Admins only: deletes a mode type; answers its id.' })
  async deleteModeType(@Ctx() context: GraphQLContext, @Arg('id', () => Int) id: number) {
    requireAdmin(context);
    return (await call(context.bus, modeTypeOperations.delete, { id }, { context: context.request })).id;
  }
}
