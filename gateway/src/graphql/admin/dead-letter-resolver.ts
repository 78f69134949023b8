import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { deadLetterOperations } from '@promptloom/proto';
import { call } from '@promptloom/shared';
import { requireAdmin, type GraphQLContext } from '../context';
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
    requireAdmin(context);
    const page = await call(
      context.bus,
      deadLetterOperations.list,
      { after_sequence: afterSequence ?? undefined, limit: limit ?? undefined },
      { context: context.request },
    );
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
    requireAdmin(context);
    const record = await call(
      context.bus,
      deadLetterOperations.retry,
      { sequence },
      { context: context.request },
    );
    return DeadLetter.from(record);
  }
}
