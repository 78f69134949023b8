import { Field, Int, ObjectType } from 'type-graphql';
import { type Selection as SelectionView } from '@promptloom/proto';

@ObjectType()
export class ChosenSubElements {
  @Field(() => Int) elementId!: number;
  @Field(() => [Int]) subElementIds!: number[];
}

@ObjectType({ description: "The user's active types, elements, Pro items and chosen sub-elements." })
export class Selection {
  @Field(() => [Int]) activeTypes!: number[];
  @Field(() => [Int]) activeElements!: number[];
  @Field(() => [Int]) activePro!: number[];
  @Field(() => [ChosenSubElements]) subElements!: ChosenSubElements[];

  static from(selection: SelectionView): Selection {
    return Object.assign(new Selection(), {
      activeTypes: selection.active_types,
      activeElements: selection.active_elements,
      activePro: selection.active_pro,
      subElements: Object.entries(selection.sub_elements).map(([elementId, subElementIds]) =>
        Object.assign(new ChosenSubElements(), { elementId: Number(elementId), subElementIds }),
      ),
    });
  }
}

@ObjectType({
  description: "Whether the user may leave an element (SPEC §5: 'Please select minimum 6 or unselect: …').",
})
export class LeaveElementCheck {
  @Field(() => Boolean) allowed!: boolean;
  @Field(() => String, { nullable: true }) message!: string | null;
}
