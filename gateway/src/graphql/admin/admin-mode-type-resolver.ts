import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { modeTypeOperations } from '@promptloom/proto';
import { callAs } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
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
    const result = await callAs(callerOf(context), context.bus, modeTypeOperations.list, () =>
      pageRequest(page, perPage),
    );
    return toGraphQLPage(result, ModeType.from);
  }

  @Mutation(() => ModeType, { description: 'Admins only.' })
  async createModeType(
    @Ctx() context: GraphQLContext,
    @Arg('input', () => ModeTypeInput) input: ModeTypeInput,
  ) {
    return ModeType.from(
      await callAs(callerOf(context), context.bus, modeTypeOperations.create, () => modeTypeRequest(input)),
    );
  }

  @Mutation(() => ModeType, { description: 'Admins only.' })
  async updateModeType(
    @Ctx() context: GraphQLContext,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => ModeTypeInput) input: ModeTypeInput,
  ) {
    return ModeType.from(
      await callAs(callerOf(context), context.bus, modeTypeOperations.update, () => ({
        id,
        ...modeTypeRequest(input),
      })),
    );
  }

  @Mutation(() => Int, { description: 'Admins only: deletes a mode type; answers its id.' })
  async deleteModeType(@Ctx() context: GraphQLContext, @Arg('id', () => Int) id: number) {
    return (await callAs(callerOf(context), context.bus, modeTypeOperations.delete, () => ({ id }))).id;
  }
}
