import { Arg, Ctx, Int, Query, Resolver, Root, Subscription } from 'type-graphql';
import { aiCallEvents, aiCallOperations, type PayloadOf } from '@promptloom/proto';
import { type HubEvent } from '../../subscriptions/event-hub';
import { callAsWith } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
import { readableEvents } from '../readable-events';
import {
  AiCall,
  AiCallCsv,
  AiCallDetail,
  AiCallFilterInput,
  AiCallPage,
  AiUsage,
  filtersOf,
} from './ai-call-types';
import { pageRequest, toGraphQLPage } from './page-type';

type Recorded = PayloadOf<typeof aiCallEvents.recorded>;

/** Admins' AI Calls: recorded provider calls (paged, filtered, CSV), one call in full, usage per day, live. */
@Resolver()
export class AdminAiCallsResolver {
  @Query(() => AiCallPage, { description: 'Admins only: recorded AI calls, newest first, filtered.' })
  async adminAiCalls(
    @Ctx() context: GraphQLContext,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('perPage', () => Int, { nullable: true }) perPage?: number,
    @Arg('filter', () => AiCallFilterInput, { nullable: true }) filter?: AiCallFilterInput,
  ) {
    const result = await callAsWith(callerOf(context), context.bus, aiCallOperations.list, () => ({
      ...pageRequest(page, perPage),
      ...filtersOf(filter),
    }));
    return toGraphQLPage(result, AiCall.from);
  }

  @Query(() => AiCallDetail, {
    description: 'Admins only: one recorded AI call with its messages and reply.',
  })
  async adminAiCall(@Ctx() context: GraphQLContext, @Arg('id', () => Int) id: number) {
    const call = await callAsWith(callerOf(context), context.bus, aiCallOperations.get, () => ({ id }));
    return AiCallDetail.fromDetail(call);
  }

  @Query(() => AiCallCsv, { description: 'Admins only: the filtered AI calls as CSV, made on the server.' })
  async adminAiCallsCsv(
    @Ctx() context: GraphQLContext,
    @Arg('filter', () => AiCallFilterInput, { nullable: true }) filter?: AiCallFilterInput,
  ) {
    const csv = await callAsWith(callerOf(context), context.bus, aiCallOperations.export, () =>
      filtersOf(filter),
    );
    return Object.assign(new AiCallCsv(), csv);
  }

  @Query(() => AiUsage, {
    description: 'Admins only: AI calls, tokens and cost per UTC day (default 30 days).',
  })
  async adminAiUsage(
    @Ctx() context: GraphQLContext,
    @Arg('days', () => Int, { nullable: true }) days?: number,
    @Arg('userId', () => Int, { nullable: true }) userId?: number,
  ) {
    const usage = await callAsWith(callerOf(context), context.bus, aiCallOperations.usage, () => ({
      days: days ?? undefined,
      user_id: userId ?? undefined,
    }));
    return AiUsage.from(usage);
  }

  @Subscription(() => AiCall, {
    description: 'Admins only: each AI provider call as it is recorded.',
    subscribe: ({ context }: { context: GraphQLContext }) => {
      return readableEvents(context, aiCallEvents.recorded);
    },
  })
  aiCallRecorded(@Root() event: HubEvent<Recorded>): AiCall {
    return AiCall.from(event.payload.call);
  }
}
