import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { aiOperations } from '@promptloom/proto';
import { readUserSubElements } from '../../ai-lists/read-user-sub-elements';
import { callAs } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
import { SubElement } from './sub-element-types';

@Resolver()
export class AiSubElementResolver {
  @Query(() => [SubElement], { description: 'The sub-elements of one of your elements.' })
  async subElements(@Ctx() context: GraphQLContext, @Arg('elementId', () => Int) elementId: number) {
    const result = await callAs(callerOf(context), context.bus, aiOperations.getSubElements, () => ({
      element_id: elementId,
    }));
    return result.name.map((row) => SubElement.from(row));
  }

  @Query(() => [SubElement], {
    description:
      'All the sub-elements of all your elements, in one read (what a prompt import matches against).',
  })
  async allSubElements(@Ctx() context: GraphQLContext) {
    const rows = await readUserSubElements(callerOf(context), context.bus);
    return rows.map((row) => SubElement.from(row));
  }

  @Mutation(() => [SubElement], {
    description: 'Stores sub-element names for an element (SPEC §7 bltypes/store).',
  })
  async storeSubElements(
    @Ctx() context: GraphQLContext,
    @Arg('elementId', () => Int) elementId: number,
    @Arg('names', () => [String]) names: string[],
    @Arg('group', () => String, { nullable: true }) group?: string,
  ) {
    const result = await callAs(callerOf(context), context.bus, aiOperations.storeSubElements, () => ({
      element_id: elementId,
      name: names,
      bl_name: group ?? undefined,
    }));
    return result.name.map((row) => SubElement.from(row));
  }

  @Mutation(() => [SubElement], { description: "Adds a custom sub-element, in the group 'Custom'." })
  async addCustomSubElement(
    @Ctx() context: GraphQLContext,
    @Arg('elementId', () => Int) elementId: number,
    @Arg('name', () => String) name: string,
  ) {
    const result = await callAs(callerOf(context), context.bus, aiOperations.newStoreSubElements, () => ({
      element_id: elementId,
      name: [name],
    }));
    return result.name.map((row) => SubElement.from(row));
  }

  @Mutation(() => SubElement, { description: "Sets a sub-element's reason." })
  async updateSubElementReason(
    @Ctx() context: GraphQLContext,
    @Arg('id', () => Int) id: number,
    @Arg('reason', () => String, { nullable: true }) reason?: string,
  ) {
    const result = await callAs(callerOf(context), context.bus, aiOperations.updateSubElementReason, () => ({
      id,
      reason: reason ?? null,
    }));
    return SubElement.from(result.data);
  }
}
