import { Field, InputType, Int } from 'type-graphql';
import { aiOperations } from '@promptloom/proto';
import { ShapeOf } from '../shapes/shape-of';

@InputType({ description: 'A type (tl), element (bl) or Pro item (tr) of yours to activate.' })
// `family` is plain text: no GraphQL enum was made for tl, bl and tr.
@ShapeOf(aiOperations.importSelection.request.shape.items.unwrap().element, { retypes: { family: 'String' } })
export class ImportedItemInput {
  @Field(() => String, { description: "'tl', 'bl' or 'tr'." }) family!: string;
  @Field(() => Int) itemId!: number;
}

@InputType({ description: 'A custom item to add to a list (1–29 characters) and activate.' })
// `family` is plain text: no GraphQL enum was made for tl, bl and tr.
@ShapeOf(aiOperations.importSelection.request.shape.custom.unwrap().element, {
  retypes: { family: 'String' },
})
export class ImportedCustomItemInput {
  @Field(() => String, { description: "'tl', 'bl' or 'tr'." }) family!: string;
  @Field(() => String) text!: string;
}

@InputType({ description: 'A pasted prompt as the selection it becomes (issue #19), applied all at once.' })
// `userId` is the caller's.
@ShapeOf(aiOperations.importSelection.request, { omits: ['userId'] })
export class ImportSelectionInput {
  @Field(() => [ImportedItemInput], { nullable: true }) items?: ImportedItemInput[] | null;
  @Field(() => [Int], {
    nullable: true,
    description: 'Sub-elements to choose; their elements are activated.',
  })
  subElementIds?: number[] | null;
  @Field(() => [ImportedCustomItemInput], { nullable: true }) custom?: ImportedCustomItemInput[] | null;
}

/** The GraphQL input as the operation's request. */
export const importRequestOf = (userId: number, input: ImportSelectionInput) => ({
  user_id: userId,
  items: (input.items ?? []).map((item) => ({ family: item.family, item_id: item.itemId })),
  sub_element_ids: input.subElementIds ?? [],
  custom: (input.custom ?? []).map((entry) => ({ family: entry.family, text: entry.text })),
});
