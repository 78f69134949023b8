import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { modeOperations } from '@promptloom/proto';
import { callAs } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
import { Mode, ModeInput, ModePage } from './catalogue-types';
import { pageRequest, toGraphQLPage } from './page-type';

const modeRequest = (input: ModeInput) => ({ name: input.name, module_id: input.moduleId });

@Resolver()
export class AdminModeResolver {
  @Query(() => ModePage, { description: 'Admins only: modes with their modules, one page at a time.' })
  async adminModes(
    @Ctx() context: GraphQLContext,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('perPage', () => Int, { nullable: true }) perPage?: number,
  ) {
    const result = await callAs(callerOf(context), context.bus, modeOperations.list, () =>
      pageRequest(page, perPage),
    );
    return toGraphQLPage(result, Mode.from);
  }

  @Mutation(() => Mode, {
    description: 'Admins only: creates a mode, or adds modules to the mode of that name.',
  })
  async createMode(@Ctx() context: GraphQLContext, @Arg('input', () => ModeInput) input: ModeInput) {
    return Mode.from(
      await callAs(callerOf(context), context.bus, modeOperations.create, () => modeRequest(input)),
    );
  }

  @Mutation(() => Mode, { description: 'Admins only: renames a mode and replaces its modules.' })
  async updateMode(
    @Ctx() context: GraphQLContext,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => ModeInput) input: ModeInput,
  ) {
    return Mode.from(
      await callAs(callerOf(context), context.bus, modeOperations.update, () => ({
        id,
        ...modeRequest(input),
      })),
    );
  }

  @Mutation(() => Int, { description: 'Admins only: deletes a mode no mode type uses; answers its id.' })
  async deleteMode(@Ctx() context: GraphQLContext, @Arg('id', () => Int) id: number) {
    return (await callAs(callerOf(context), context.bus, modeOperations.delete, () => ({ id }))).id;
  }
}
