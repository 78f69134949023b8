import { Field, ObjectType } from 'type-graphql';
import { ReasonUsed as ReasonUsedSchema, type ReasonUsed as ReasonUsedView } from '@promptloom/proto';
import { ShapeOf, fromView } from '../shapes/shape-of';

@ObjectType({
  description:
    'A reason the user wrote on an item, as it steered an AI call (issue 19): quoted guidance data.',
})
@ShapeOf(ReasonUsedSchema)
export class ReasonUsed {
  @Field(() => String, { description: 'The item the reason was written on.' }) item!: string;
  @Field(() => String) reason!: string;

  static list(reasons: readonly ReasonUsedView[]): ReasonUsed[] {
    return reasons.map((used) => fromView(ReasonUsed, used));
  }
}
