import { Field, Int, ObjectType } from 'type-graphql';
import { type DeadLetterRecord } from '@promptloom/proto';

@ObjectType({
  description: 'A job or event the bus moved aside: it failed past its deadline, or could not be read.',
})
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
    return Object.assign(new DeadLetter(), {
      sequence: record.sequence,
      kind: record.kind,
      source: record.source,
      messageId: record.id,
      reason: record.reason,
      attempts: record.attempts,
      deadAt: record.dead_at,
      userId: record.user_id,
      requestId: record.request_id,
    });
  }
}

@ObjectType({ description: 'One page of dead letters, oldest first.' })
export class DeadLetterPage {
  @Field(() => [DeadLetter]) items!: DeadLetter[];
  @Field(() => Int, {
    nullable: true,
    description: 'Give as afterSequence for the next page; null on the last.',
  })
  nextAfter!: number | null;
}
