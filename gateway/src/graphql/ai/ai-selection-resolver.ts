import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { aiOperations } from '@promptloom/proto';
import { call, callWith } from '@promptloom/shared';
import { requireActor, type GraphQLContext } from '../context';
import { ListFamily } from '../enums';
import { importRequestOf, ImportSelectionInput } from './import-selection-types';
import { LeaveElementCheck, Selection } from './selection-types';
import { RestoredSelection, restoreRequestOf, RestoreSelectionInput } from './restore-selection-types';

@Resolver()
export class AiSelectionResolver {
  @Query(() => Selection, { description: 'Your active selection, the same in every tab and device.' })
  async selection(@Ctx() context: GraphQLContext) {
    const actor = requireActor(context);
    return Selection.from(
      await call(
        context.bus,
        aiOperations.getSelection,
        { user_id: actor.userId },
        { context: context.request },
      ),
    );
  }

  @Query(() => LeaveElementCheck, { description: 'Whether you may leave an element you activated.' })
  async leaveElementCheck(@Ctx() context: GraphQLContext, @Arg('elementId', () => Int) elementId: number) {
    const actor = requireActor(context);
    const request = { user_id: actor.userId, element_id: elementId };
    return Object.assign(
      new LeaveElementCheck(),
      await call(context.bus, aiOperations.leaveElement, request, { context: context.request }),
    );
  }

  @Mutation(() => Selection, { description: 'Activates or deactivates a type, element or Pro item.' })
  async setItemActive(
    @Ctx() context: GraphQLContext,
    @Arg('family', () => ListFamily) family: ListFamily,
    @Arg('itemId', () => Int) itemId: number,
    @Arg('active', () => Boolean) active: boolean,
  ) {
    const actor = requireActor(context);
    const request = { user_id: actor.userId, family, item_id: itemId, active };
    return Selection.from(
      await callWith(context.bus, aiOperations.setItemActive, request, { context: context.request }),
    );
  }

  @Mutation(() => Selection, { description: 'Chooses or unchooses a sub-element of an active element.' })
  async setSubElementChosen(
    @Ctx() context: GraphQLContext,
    @Arg('subElementId', () => Int) subElementId: number,
    @Arg('chosen', () => Boolean) chosen: boolean,
  ) {
    const actor = requireActor(context);
    const request = { user_id: actor.userId, sub_element_id: subElementId, chosen };
    return Selection.from(
      await call(context.bus, aiOperations.setSubElementChosen, request, { context: context.request }),
    );
  }

  @Mutation(() => Selection, {
    description:
      'Applies a pasted prompt (issue #19) at once: activates the items, chooses the sub-elements (activating ' +
      'their elements), adds and activates the custom items. Nothing changes when any part is refused.',
  })
  async importSelection(
    @Ctx() context: GraphQLContext,
    @Arg('input', () => ImportSelectionInput) input: ImportSelectionInput,
  ) {
    const actor = requireActor(context);
    const request = importRequestOf(actor.userId, input);
    return Selection.from(
      await callWith(context.bus, aiOperations.importSelection, request, { context: context.request }),
    );
  }

  @Mutation(() => RestoredSelection, {
    description:
      "Makes a prompt version's selection (issue #19) the active one at once, by name, among the items and " +
      'sub-elements you still have; says how many no longer exist.',
  })
  async restoreSelection(
    @Ctx() context: GraphQLContext,
    @Arg('input', () => RestoreSelectionInput) input: RestoreSelectionInput,
  ) {
    const actor = requireActor(context);
    const restored = await callWith(
      context.bus,
      aiOperations.restoreSelection,
      restoreRequestOf(actor.userId, input),
      { context: context.request },
    );
    return Object.assign(new RestoredSelection(), {
      selection: Selection.from(restored.selection),
      missing: restored.missing,
    });
  }
}
