import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { awayOperations } from '@promptloom/proto';
import { call } from '@promptloom/shared';
import { awayReport, currentAwayReport } from '../../away/away-report';
import { requireActor, type GraphQLContext } from '../context';
import { VisitStart } from '../enums';
import { WhileYouWereAway } from './away-types';

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
}
