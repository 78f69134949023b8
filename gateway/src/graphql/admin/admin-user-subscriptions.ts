import { Root, Resolver, Subscription } from 'type-graphql';
import { accountEvents, type PayloadOf } from '@promptloom/proto';
import { type HubEvent } from '../../subscriptions/event-hub';
import { User } from '../auth/auth-types';
import { type GraphQLContext } from '../context';
import { readableEvents } from '../readable-events';
import { UserDeletion } from './change-types';

@Resolver()
export class AdminUserSubscriptions {
  @Subscription(() => User, {
    description: 'Admins only: each user as their account is created.',
    subscribe: ({ context }: { context: GraphQLContext }) => {
      return readableEvents(context, accountEvents.userCreated);
    },
  })
  userCreated(@Root() event: HubEvent<PayloadOf<typeof accountEvents.userCreated>>): User {
    return User.from(event.payload.user);
  }

  @Subscription(() => User, {
    description: 'Admins only: each user as an admin updates them.',
    subscribe: ({ context }: { context: GraphQLContext }) => {
      return readableEvents(context, accountEvents.userUpdated);
    },
  })
  userUpdated(@Root() event: HubEvent<PayloadOf<typeof accountEvents.userUpdated>>): User {
    return User.from(event.payload.user);
  }

  @Subscription(() => UserDeletion, {
    description: 'Admins only: each user as an admin deletes them.',
    subscribe: ({ context }: { context: GraphQLContext }) => {
      return readableEvents(context, accountEvents.userDeleted);
    },
  })
  userDeleted(@Root() event: HubEvent<PayloadOf<typeof accountEvents.userDeleted>>): UserDeletion {
    return Object.assign(new UserDeletion(), { userId: event.payload.userId, sequence: event.sequence });
  }
}
