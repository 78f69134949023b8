import { Root, Resolver, Subscription } from 'type-graphql';
import { accountEvents, type PayloadOf } from '@promptloom/proto';
import { EVERY_USER, type HubEvent } from '../../subscriptions/event-hub';
import { User } from '../auth/auth-types';
import { requireAdmin, type GraphQLContext } from '../context';
import { UserDeletion } from './change-types';

@Resolver()
export class AdminUserSubscriptions {
  @Subscription(() => User, {
    description: 'Admins only: each user as their account is created.',
    subscribe: ({ context }: { context: GraphQLContext }) => {
      requireAdmin(context);
      return context.events.stream(accountEvents.userCreated, EVERY_USER);
    },
  })
  userCreated(@Root() event: HubEvent<PayloadOf<typeof accountEvents.userCreated>>): User {
    return User.from(event.payload.user);
  }

  @Subscription(() => User, {
    description: 'Admins only: each user as an admin updates them.',
    subscribe: ({ context }: { context: GraphQLContext }) => {
      requireAdmin(context);
      return context.events.stream(accountEvents.userUpdated, EVERY_USER);
    },
  })
  userUpdated(@Root() event: HubEvent<PayloadOf<typeof accountEvents.userUpdated>>): User {
    return User.from(event.payload.user);
  }

  @Subscription(() => UserDeletion, {
    description: 'Admins only: each user as an admin deletes them.',
    subscribe: ({ context }: { context: GraphQLContext }) => {
      requireAdmin(context);
      return context.events.stream(accountEvents.userDeleted, EVERY_USER);
    },
  })
  userDeleted(@Root() event: HubEvent<PayloadOf<typeof accountEvents.userDeleted>>): UserDeletion {
    return Object.assign(new UserDeletion(), { userId: event.payload.userId, sequence: event.sequence });
  }
}
