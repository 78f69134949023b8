import { Arg, Ctx, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { awayEvents, awayOperations, type AwayWindow, type PayloadOf } from '@promptloom/proto';
import { awayReport } from '../../away/away-report';
import { callAs } from '../../auth/call-as';
import { type HubEvent } from '../../subscriptions/event-hub';
import { readableEvents } from '../readable-events';
import { callerOf, type GraphQLContext } from '../context';
import { VisitStart } from '../enums';
import { WhileYouWereAway, WhileYouWereAwayChange } from './away-types';

type VisitChanged = PayloadOf<typeof awayEvents.visitChanged>;

/** What changed in the caller's window away: called once callAs has found the caller signed in. */
const callerReport = (context: GraphQLContext, window: AwayWindow) =>
  awayReport(context.bus, context.request.actor!.userId, window, context.request);

@Resolver()
export class AwayResolver {
  @Query(() => WhileYouWereAway, { description: 'What changed in your records since your last visit.' })
  async whileYouWereAway(@Ctx() context: GraphQLContext) {
    const window = await callAs(callerOf(context), context.bus, awayOperations.getVisit, ({ userId }) => ({
      user_id: userId,
    }));
    return WhileYouWereAway.from(await callerReport(context, window));
  }

  @Mutation(() => WhileYouWereAway, {
    description:
      'The app starts (or keeps up, as a heartbeat) a visit: a sign-in, or a resume after 10 minutes unseen, ' +
      'opens a new window away; answers what changed in the current one.',
  })
  async beginVisit(
    @Ctx() context: GraphQLContext,
    @Arg('start', () => VisitStart) start: keyof typeof VisitStart,
  ) {
    const window = await callAs(callerOf(context), context.bus, awayOperations.beginVisit, ({ userId }) => ({
      user_id: userId,
      start,
    }));
    return WhileYouWereAway.from(await callerReport(context, window));
  }

  @Mutation(() => WhileYouWereAway, { description: 'Dismisses the notice of the current window away.' })
  async dismissWhileYouWereAway(@Ctx() context: GraphQLContext) {
    const window = await callAs(callerOf(context), context.bus, awayOperations.dismissAway, ({ userId }) => ({
      user_id: userId,
    }));
    return WhileYouWereAway.from({ ...window, changes: [] });
  }

  @Subscription(() => WhileYouWereAwayChange, {
    description:
      'Your notice as it changes on any of your devices: a new window away opens, or it is dismissed.',
    subscribe: ({ context }: { context: GraphQLContext }) => {
      return readableEvents(context, awayEvents.visitChanged);
    },
  })
  async whileYouWereAwayChanged(
    @Ctx() context: GraphQLContext,
    @Root() event: HubEvent<VisitChanged>,
  ): Promise<WhileYouWereAwayChange> {
    const { userId, window } = event.payload;
    const report = await awayReport(context.bus, userId, window, context.request);
    return Object.assign(new WhileYouWereAwayChange(), {
      report: WhileYouWereAway.from(report),
      sequence: event.sequence,
    });
  }
}
