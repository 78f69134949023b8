import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { deadLetterOperations } from '@promptloom/proto';
import { callAs } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
import { DeadLetter, DeadLetterPage } from './dead-letter-types';

@Resolver()
export class DeadLetterResolver {
  @Query(() => DeadLetterPage, {
    description: 'Admins only: jobs and events the bus moved aside, oldest first.',
  })
  async adminDeadLetters(
    @Ctx() context: GraphQLContext,
    @Arg('afterSequence', () => Int, { nullable: true }) afterSequence?: number,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
  ): Promise<DeadLetterPage> {
    const page = await callAs(callerOf(context), context.bus, deadLetterOperations.list, () => ({
      after_sequence: afterSequence ?? undefined,
      limit: limit ?? undefined,
    }));
    return Object.assign(new DeadLetterPage(), {
      items: page.items.map(DeadLetter.from),
      nextAfter: page.next_after,
    });
  }

  @Mutation(() => DeadLetter, {
    description: 'Admins only: puts a dead job back on its queue with a fresh deadline.',
  })
  async adminRetryDeadLetter(
    @Ctx() context: GraphQLContext,
    @Arg('sequence', () => Int) sequence: number,
  ): Promise<DeadLetter> {
    const record = await callAs(callerOf(context), context.bus, deadLetterOperations.retry, () => ({
      sequence,
    }));
    return DeadLetter.from(record);
  }
}
