import { Field, Int, ObjectType } from 'type-graphql';
import { DeadLetterList, DeadLetterRecord } from '@promptloom/proto';
import { ShapeOf, fromView } from '../shapes/shape-of';

@ObjectType({
  description: 'A job or event the bus moved aside: it failed past its deadline, or could not be read.',
})
// Its `id` is `messageId` here: the id it was sent with, not the dead letter's own (that is its sequence).
// `kind` ('job' or 'event') is plain text: no GraphQL enum was made for it.
@ShapeOf(DeadLetterRecord, { omits: ['id'], adds: ['messageId'], retypes: { kind: 'String' } })
export class DeadLetter {
  @Field(() => Int, { description: 'Position in the dead-letter stream; give it to adminRetryDeadLetter.' })
  sequence!: number;
  @Field(() => String, { description: "'job' or 'event'." }) kind!: string;
  @Field(() => String, { description: "The job's queue or the event's subject." }) source!: string;
  @Field(() => String, { description: 'The id it was enqueued or published with.' }) messageId!: string;
  @Field(() => String) reason!: string;
  @Field(() => Int, { description: 'Deliveries it had before it was moved aside.' }) attempts!: number;
  @Field(() => String, { description: 'ISO 8601.' }) deadAt!: string;
  @Field(() => Int, { nullable: true, description: 'The user whose request it came from.' }) userId!:
    number | null;
  @Field(() => String, { nullable: true }) requestId!: string | null;

  static from(record: DeadLetterRecord): DeadLetter {
    return fromView(DeadLetter, record, { messageId: record.id });
  }
}

@ObjectType({ description: 'One page of dead letters, oldest first.' })
@ShapeOf(DeadLetterList)
export class DeadLetterPage {
  @Field(() => [DeadLetter]) items!: DeadLetter[];
  @Field(() => Int, {
    nullable: true,
    description: 'Give as afterSequence for the next page; null on the last.',
  })
  nextAfter!: number | null;
}
