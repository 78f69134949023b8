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

@ObjectType()
export class SubElementsUpdate {
  @Field(() => Int) elementId!: number;
  @Field(() => [SubElement]) subElements!: SubElement[];
  @Field(() => String, { nullable: true }) jobId!: string | null;
  @Field(() => Float) sequence!: number;
}
