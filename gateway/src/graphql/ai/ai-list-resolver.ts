import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { aiOperations } from '@promptloom/proto';
import { call, callWith } from '@promptloom/shared';
import { readWholeList } from '../../ai-lists/read-whole-list';
import { requireActor, type GraphQLContext } from '../context';
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
    const actor = requireActor(context);
    const owner = userId ?? actor.userId;
    const items = await readWholeList(context.bus, { family, user_id: owner }, context.request);
    return AiList.from(family, owner, items);
  }

  @Query(() => PreviousSettings, {
    description: "The last settings of the user's Types, Elements or Pro agent.",
  })
  async previousSettings(
    @Ctx() context: GraphQLContext,
    @Arg('family', () => ListFamily) family: ListFamily,
  ) {
    const actor = requireActor(context);
    // The operation takes tl, tr or bl: its schema refuses br with a BAD_USER_INPUT naming the field.
    const request = { family, user_id: actor.userId };
    const settings = await callWith(context.bus, aiOperations.previousSettings, request, {
      context: context.request,
    });
    return PreviousSettings.from(settings);
  }

  @Mutation(() => AiList, { description: 'Stores items with the agent settings that produced them.' })
  async storeList(@Ctx() context: GraphQLContext, @Arg('input', () => StoreListInput) input: StoreListInput) {
    const actor = requireActor(context);
    const request = {
      family: input.family,
      user_id: actor.userId,
      levels: input.levels,
      ai_model: input.aiModel,
      frequency: input.frequency,
      ai_response: input.items,
      agent_role: input.agentRole,
      name: input.name,
    };
    const list = await call(context.bus, aiOperations.storeList, request, { context: context.request });
    return AiList.from(
      input.family,
      actor.userId,
      await readWholeList(context.bus, list, context.request, list),
    );
  }

  @Mutation(() => AiList, { description: 'Adds a custom item (SPEC §7 newstore).' })
  async addCustomItem(
    @Ctx() context: GraphQLContext,
    @Arg('family', () => ListFamily) family: ListFamily,
    @Arg('text', () => String) text: string,
  ) {
    const actor = requireActor(context);
    const request = { family, user_id: actor.userId, ai_response: [text] };
    const list = await call(context.bus, aiOperations.newStore, request, { context: context.request });
    return AiList.from(family, actor.userId, await readWholeList(context.bus, list, context.request, list));
  }

  @Mutation(() => ListItem, { description: "Sets an item's reason ('' clears it)." })
  async updateReason(
    @Ctx() context: GraphQLContext,
    @Arg('family', () => ListFamily) family: ListFamily,
    @Arg('id', () => Int) id: number,
    @Arg('reason', () => String, { nullable: true }) reason?: string,
  ) {
    requireActor(context);
    const request = { family, id, ai_reason: reason ?? null };
    const result = await call(context.bus, aiOperations.updateReason, request, { context: context.request });
    return ListItem.from(result.data);
  }

  @Mutation(() => ListItem, { description: "Sets an item's status: 1 Active, 0 Deactive." })
  async setItemStatus(
    @Ctx() context: GraphQLContext,
    @Arg('family', () => ListFamily) family: ListFamily,
    @Arg('id', () => Int) id: number,
    @Arg('status', () => Int) status: number,
  ) {
    requireActor(context);
    const result = await call(
      context.bus,
      aiOperations.setItemStatus,
      { family, id, status },
      { context: context.request },
    );
    return ListItem.from(result.data);
  }
}
