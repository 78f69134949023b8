import { Field, Int, ObjectType } from 'type-graphql';
import {
  LeaveElementResponse,
  Selection as SelectionSchema,
  type Selection as SelectionView,
} from '@promptloom/proto';
import { ShapeOf, fromView } from '../shapes/shape-of';

@ObjectType()
export class ChosenSubElements {
  @Field(() => Int) elementId!: number;
  @Field(() => [Int]) subElementIds!: number[];
}

@ObjectType({ description: "The user's active types, elements, Pro items and chosen sub-elements." })
// The signed-in user's own (no userId); the map of element id to sub-element ids is a list, GraphQL having no maps.
@ShapeOf(SelectionSchema, { omits: ['userId'], retypes: { subElements: '[ChosenSubElements]' } })
export class Selection {
  @Field(() => [Int]) activeTypes!: number[];
  @Field(() => [Int]) activeElements!: number[];
  @Field(() => [Int]) activePro!: number[];
  @Field(() => [ChosenSubElements]) subElements!: ChosenSubElements[];

  static from(selection: SelectionView): Selection {
    return fromView(Selection, selection, {
      subElements: Object.entries(selection.sub_elements).map(([elementId, subElementIds]) =>
        Object.assign(new ChosenSubElements(), { elementId: Number(elementId), subElementIds }),
      ),
    });
  }
}

@ObjectType({
  description: "Whether the user may leave an element (SPEC §5: 'Please select minimum 6 or unselect: …').",
})
@ShapeOf(LeaveElementResponse)
export class LeaveElementCheck {
  @Field(() => Boolean) allowed!: boolean;
  @Field(() => String, { nullable: true }) message!: string | null;
}
