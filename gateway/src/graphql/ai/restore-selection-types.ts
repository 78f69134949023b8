import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { RestoredSelection as RestoredSelectionSchema, aiOperations } from '@promptloom/proto';
import { ShapeOf } from '../shapes/shape-of';
import { Selection } from './selection-types';

@InputType()
@ShapeOf(aiOperations.restoreSelection.request.shape.elements.unwrap().element)
export class RestoredElementInput {
  @Field(() => String) name!: string;
  @Field(() => [String], { defaultValue: [] }) subElements!: string[];
}

@InputType({
  description: "A prompt version's selection (issue #19), by name: it replaces the active selection.",
})
// `userId` is the caller's.
@ShapeOf(aiOperations.restoreSelection.request, { omits: ['userId'] })
export class RestoreSelectionInput {
  @Field(() => [String], { defaultValue: [] }) types!: string[];
  @Field(() => [String], { defaultValue: [] }) proItems!: string[];
  @Field(() => [RestoredElementInput], { defaultValue: [] }) elements!: RestoredElementInput[];
}

@ObjectType()
@ShapeOf(RestoredSelectionSchema)
export class RestoredSelection {
  @Field(() => Selection) selection!: Selection;
  @Field(() => Int, {
    description: 'How many of the names no longer exist (deleted since), so were not restored.',
  })
  missing!: number;
}

/** The GraphQL input as the operation's request. */
export const restoreRequestOf = (userId: number, input: RestoreSelectionInput) => ({
  user_id: userId,
  types: input.types,
  pro_items: input.proItems,
  elements: input.elements.map((element) => ({ name: element.name, sub_elements: element.subElements })),
});
