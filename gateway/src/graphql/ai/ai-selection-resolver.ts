import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { aiOperations } from '@promptloom/proto';
import { callAs, callAsWith } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
import { ListFamily } from '../enums';
import { importRequestOf, ImportSelectionInput } from './import-selection-types';
import { LeaveElementCheck, Selection } from './selection-types';
import { RestoredSelection, restoreRequestOf, RestoreSelectionInput } from './restore-selection-types';

@Resolver()
export class AiSelectionResolver {
  @Query(() => Selection, { description: 'Your active selection, the same in every tab and device.' })
  async selection(@Ctx() context: GraphQLContext) {
    return Selection.from(
      await callAs(callerOf(context), context.bus, aiOperations.getSelection, (actor) => ({
        user_id: actor.userId,
      })),
    );
  }

  @Query(() => LeaveElementCheck, { description: 'Whether you may leave an element you activated.' })
  async leaveElementCheck(@Ctx() context: GraphQLContext, @Arg('elementId', () => Int) elementId: number) {
    return Object.assign(
      new LeaveElementCheck(),
      await callAs(callerOf(context), context.bus, aiOperations.leaveElement, (actor) => ({
        user_id: actor.userId,
        element_id: elementId,
      })),
    );
  }

  @Mutation(() => Selection, { description: 'Activates or deactivates a type, element or Pro item.' })
  async setItemActive(
    @Ctx() context: GraphQLContext,
    @Arg('family', () => ListFamily) family: ListFamily,
    @Arg('itemId', () => Int) itemId: number,
    @Arg('active', () => Boolean) active: boolean,
  ) {
    return Selection.from(
      await callAsWith(callerOf(context), context.bus, aiOperations.setItemActive, (actor) => ({
        user_id: actor.userId,
        family,
        item_id: itemId,
        active,
      })),
    );
  }

  @Mutation(() => Selection, { description: 'Chooses or unchooses a sub-element of an active element.' })
  async setSubElementChosen(
    @Ctx() context: GraphQLContext,
    @Arg('subElementId', () => Int) subElementId: number,
    @Arg('chosen', () => Boolean) chosen: boolean,
  ) {
    return Selection.from(
      await callAs(callerOf(context), context.bus, aiOperations.setSubElementChosen, (actor) => ({
        user_id: actor.userId,
        sub_element_id: subElementId,
        chosen,
      })),
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
    return Selection.from(
      await callAsWith(callerOf(context), context.bus, aiOperations.importSelection, (actor) =>
        importRequestOf(actor.userId, input),
      ),
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
    const restored = await callAsWith(
      callerOf(context),
      context.bus,
      aiOperations.restoreSelection,
      (actor) => restoreRequestOf(actor.userId, input),
    );
    return Object.assign(new RestoredSelection(), {
      selection: Selection.from(restored.selection),
      missing: restored.missing,
    });
  }
}
