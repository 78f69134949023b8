import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { aiOperations } from '@promptloom/proto';
import { readWholeList } from '../../ai-lists/read-whole-list';
import { callAs, callAsWith } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
import { ListFamily } from '../enums';
import { AiList, ListItem, PreviousSettings, StoreListInput } from './list-types';

@Resolver()
export class AiListResolver {
  @Query(() => AiList, { description: "A list of the signed-in user (admins may name another user's id)." })
  async aiList(
    @Ctx() context: GraphQLContext,
    @Arg('family', () => ListFamily) family: ListFamily,
    @Arg('userId', () => Int, { nullable: true }) userId?: number,
  ) {
    const first = await callAs(callerOf(context), context.bus, aiOperations.getList, (actor) => ({
      family,
      user_id: userId ?? actor.userId,
    }));
    return AiList.from(
      family,
      first.user_id,
      await readWholeList(context.bus, first, context.request, first),
    );
  }

  @Query(() => PreviousSettings, {
    description: "The last settings of the user's Types, Elements or Pro agent.",
  })
  async previousSettings(
    @Ctx() context: GraphQLContext,
    @Arg('family', () => ListFamily) family: ListFamily,
  ) {
    // The operation takes tl, tr or bl: its schema refuses br with a BAD_USER_INPUT naming the field.
    const settings = await callAsWith(
      callerOf(context),
      context.bus,
      aiOperations.previousSettings,
      (actor) => ({
        family,
        user_id: actor.userId,
      }),
    );
    return PreviousSettings.from(settings);
  }

  @Mutation(() => AiList, { description: 'Stores items with the agent settings that produced them.' })
  async storeList(@Ctx() context: GraphQLContext, @Arg('input', () => StoreListInput) input: StoreListInput) {
    const list = await callAs(callerOf(context), context.bus, aiOperations.storeList, (actor) => ({
      family: input.family,
      user_id: actor.userId,
      levels: input.levels,
      ai_model: input.aiModel,
      frequency: input.frequency,
      ai_response: input.items,
      agent_role: input.agentRole,
      name: input.name,
    }));
    return AiList.from(
      input.family,
      list.user_id,
      await readWholeList(context.bus, list, context.request, list),
    );
  }

  @Mutation(() => AiList, { description: 'Adds a custom item (SPEC §7 newstore).' })
  async addCustomItem(
    @Ctx() context: GraphQLContext,
    @Arg('family', () => ListFamily) family: ListFamily,
    @Arg('text', () => String) text: string,
  ) {
    const list = await callAs(callerOf(context), context.bus, aiOperations.newStore, (actor) => ({
      family,
      user_id: actor.userId,
      ai_response: [text],
    }));
    return AiList.from(family, list.user_id, await readWholeList(context.bus, list, context.request, list));
  }

  @Mutation(() => ListItem, { description: "Sets an item's reason ('' clears it)." })
  async updateReason(
    @Ctx() context: GraphQLContext,
    @Arg('family', () => ListFamily) family: ListFamily,
    @Arg('id', () => Int) id: number,
    @Arg('reason', () => String, { nullable: true }) reason?: string,
  ) {
    const result = await callAs(callerOf(context), context.bus, aiOperations.updateReason, () => ({
      family,
      id,
      ai_reason: reason ?? null,
    }));
    return ListItem.from(result.data);
  }

  @Mutation(() => ListItem, { description: "Sets an item's status: 1 Active, 0 Deactive." })
  async setItemStatus(
    @Ctx() context: GraphQLContext,
    @Arg('family', () => ListFamily) family: ListFamily,
    @Arg('id', () => Int) id: number,
    @Arg('status', () => Int) status: number,
  ) {
    const result = await callAs(callerOf(context), context.bus, aiOperations.setItemStatus, () => ({
      family,
      id,
      status,
    }));
    return ListItem.from(result.data);
  }
}
