import { Field, ObjectType } from 'type-graphql';
import { type ReasonUsed as ReasonUsedView } from '@promptloom/proto';

@ObjectType({
  description:
    'A reason the user wrote on an item, as it steered an AI call (issue 19): quoted guidance data.',
})
export class ReasonUsed {
  @Field(() => String, { description: 'The item the reason was written on.' }) item!: string;
  @Field(() => String) reason!: string;

  static list(reasons: readonly ReasonUsedView[]): ReasonUsed[] {
    return reasons.map((used) => Object.assign(new ReasonUsed(), { item: used.item, reason: used.reason }));
  }
}
