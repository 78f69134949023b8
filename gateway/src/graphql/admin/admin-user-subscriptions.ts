import { Root, Resolver, Subscription } from 'type-graphql';
import { accountEvents, type PayloadOf } from '@promptloom/proto';
import { type HubEvent } from '../../subscriptions/event-hub';
import { User } from '../auth/auth-types';
import { requireAdmin, type GraphQLContext } from '../context';

@Resolver()
export class AdminUserSubscriptions {
  @Subscription(() => User, {
    description: 'Admins only: each user as their account is created.',
    subscribe: ({ context }: { context: GraphQLContext }) => {
      requireAdmin(context);
      return context.events.stream(accountEvents.userCreated);
    },
  })
  userCreated(@Root() event: HubEvent<PayloadOf<typeof accountEvents.userCreated>>): User {
    return User.from(event.payload.user);
  }
}
