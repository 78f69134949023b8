import { Arg, Field, Float, Int, ObjectType, Resolver, Root, Subscription } from 'type-graphql';
import { aiEvents, signatureEvents } from '@promptloom/proto';
import { EVERY_USER, type HubEvent } from '../../subscriptions/event-hub';
import { mapEvents } from '../../subscriptions/map-events';
import { ListFamily } from '../enums';
import { requireAdmin, type GraphQLContext } from '../context';

@ObjectType({
  description: "A user's own change to their list (an item added, generated, changed) or signature.",
})
export class UserListChange {
  @Field(() => ListFamily) family!: ListFamily;
  @Field(() => Int) userId!: number;
  @Field(() => Float) sequence!: number;
}

interface Change {
  family: ListFamily;
  userId: number;
}

function userChanges(context: GraphQLContext, family: ListFamily): AsyncIterableIterator<HubEvent<Change>> {
  const change = (event: HubEvent<{ userId: number }>) => ({
    payload: { family, userId: event.payload.userId },
    sequence: event.sequence,
  });
  if (family === ListFamily.br) {
    return mapEvents(context.events.stream(signatureEvents.signatureChanged, EVERY_USER), change);
  }
  const lists = context.events.stream(
    aiEvents.listUpdated,
    EVERY_USER,
    (payload) => payload.family === family,
  );
  return mapEvents(lists, change);
}

/** Live admin record tables, for the changes users make themselves (recordChanged covers admins' changes). */
@Resolver()
export class UserListChangeSubscriptions {
  @Subscription(() => UserListChange, {
    description:
      'Admins only: each change a user makes to their list of one family (or, for br, their signature).',
    subscribe: ({ context, args }: { context: GraphQLContext; args: { family: ListFamily } }) => {
      requireAdmin(context);
      return userChanges(context, args.family);
    },
  })
  userListChanged(
    @Arg('family', () => ListFamily) _family: ListFamily,
    @Root() event: HubEvent<Change>,
  ): UserListChange {
    return Object.assign(new UserListChange(), { ...event.payload, sequence: event.sequence });
  }
}
