import { Arg, Ctx, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { awayEvents, awayOperations, type PayloadOf } from '@promptloom/proto';
import { call } from '@promptloom/shared';
import { awayReport, currentAwayReport } from '../../away/away-report';
import { type HubEvent } from '../../subscriptions/event-hub';
import { readableEvents } from '../readable-events';
import { requireActor, type GraphQLContext } from '../context';
import { VisitStart } from '../enums';
import { WhileYouWereAway, WhileYouWereAwayChange } from './away-types';

type VisitChanged = PayloadOf<typeof awayEvents.visitChanged>;

@Resolver()
export class AwayResolver {
  @Query(() => WhileYouWereAway, { description: 'What changed in your records since your last visit.' })
  async whileYouWereAway(@Ctx() context: GraphQLContext) {
    const { userId } = requireActor(context);
    return WhileYouWereAway.from(await currentAwayReport(context.bus, userId, context.request));
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
    const { userId } = requireActor(context);
    const window = await call(
      context.bus,
      awayOperations.beginVisit,
      { user_id: userId, start },
      { context: context.request },
    );
    return WhileYouWereAway.from(await awayReport(context.bus, userId, window, context.request));
  }

  @Mutation(() => WhileYouWereAway, { description: 'Dismisses the notice of the current window away.' })
  async dismissWhileYouWereAway(@Ctx() context: GraphQLContext) {
    const { userId } = requireActor(context);
    const window = await call(
      context.bus,
      awayOperations.dismissAway,
      { user_id: userId },
      { context: context.request },
    );
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
