import { Field, Float, Int, ObjectType } from 'type-graphql';
import { type SubElement as SubElementView } from '@promptloom/proto';

@ObjectType({ description: 'A sub-element of an element, in its group (SPEC §3 bltypes).' })
export class SubElement {
  @Field(() => Int) id!: number;
  @Field(() => String) name!: string;
  @Field(() => String, { description: "The group; 'Custom' for user-added." }) blName!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => Int) elementId!: number;
  @Field(() => Int) userId!: number;

  static from(row: SubElementView): SubElement {
    return Object.assign(new SubElement(), {
      id: row.id,
      name: row.name,
      blName: row.bl_name,
      reason: row.reason,
      elementId: row.bl_id,
      userId: row.user_id,
    });
  }
}

@ObjectType({
  description:
    "A change to an element's sub-elements: those added, changed and removed, and the element's `version` after " +
    'it. A client that sees a version other than the one after the last it applied has missed a change and reads ' +
    'them again. `sequence` is where to resume after a reconnect.',
})
export class SubElementsUpdate {
  @Field(() => Int) elementId!: number;
  @Field(() => Int, { description: "The element's sub-element version after this change (1, 2, 3 …)." })
  version!: number;
  @Field(() => [SubElement], { description: 'Sub-elements added by this change.' }) added!: SubElement[];
  @Field(() => [SubElement], { description: 'Sub-elements changed by this change, as they now are.' })
  changed!: SubElement[];
  @Field(() => [Int], { description: 'Ids of the sub-elements this change removed.' }) removedIds!: number[];
  @Field(() => [SubElement], {
    description:
      'All the sub-elements after this change, kept by the gateway (read again after a gap). Ask for the change ' +
      'fields where you can.',
  })
  subElements!: SubElement[];
  @Field(() => String, { nullable: true }) jobId!: string | null;
  @Field(() => Float) sequence!: number;
}
