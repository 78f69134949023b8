import { Field, Float, Int, ObjectType } from 'type-graphql';
import {
  SubElement as SubElementSchema,
  aiEvents,
  type SubElement as SubElementView,
} from '@promptloom/proto';
import { ShapeOf, fromView } from '../shapes/shape-of';

@ObjectType({ description: 'A sub-element of an element, in its group (SPEC §3 bltypes).' })
// Its element's id is `elementId` here, as everywhere else in the API (`bl_id` in the schema).
@ShapeOf(SubElementSchema, { omits: ['blId'], adds: ['elementId'] })
export class SubElement {
  @Field(() => Int) id!: number;
  @Field(() => String) name!: string;
  @Field(() => String, { description: "The group; 'Custom' for user-added." }) blName!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => Int) elementId!: number;
  @Field(() => Int) userId!: number;

  static from(row: SubElementView): SubElement {
    return fromView(SubElement, row, { elementId: row.bl_id });
  }
}

@ObjectType({
  description:
    "A change to an element's sub-elements: those added, changed and removed, and the element's `version` after " +
    'it. A client that sees a version other than the one after the last it applied has missed a change and reads ' +
    'them again. `sequence` is where to resume after a reconnect.',
})
// The event (its `userId` is the subscriber's, `removed` is `removedIds`), all the sub-elements and the sequence.
// `committedAt` is not presented: the subscription that builds the update does not set it.
@ShapeOf(aiEvents.subElementsUpdated.payload, {
  omits: ['userId', 'removed', 'committedAt'],
  adds: ['removedIds', 'subElements', 'sequence'],
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
