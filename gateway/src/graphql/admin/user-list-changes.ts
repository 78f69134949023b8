import { Arg, Field, Float, Int, ObjectType, Resolver, Root, Subscription } from 'type-graphql';
import { aiEvents, signatureEvents } from '@promptloom/proto';
import { type HubEvent } from '../../subscriptions/event-hub';
import { mapEvents } from '../../subscriptions/map-events';
import { ListFamily } from '../enums';
import { type GraphQLContext } from '../context';
import { readableEvents } from '../readable-events';

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

/** Every user's changes: only for a subscriber the policy lets read every user's lists (an admin). */
async function userChanges(
  context: GraphQLContext,
  family: ListFamily,
): Promise<AsyncIterableIterator<HubEvent<Change>>> {
  const change = (event: HubEvent<{ userId: number }>) => ({
    payload: { family, userId: event.payload.userId },
    sequence: event.sequence,
  });
  if (family === ListFamily.br) {
    return mapEvents(
      await readableEvents(context, signatureEvents.signatureChanged, { whose: 'everyone' }),
      change,
    );
  }
  const lists = await readableEvents(context, aiEvents.listUpdated, {
    whose: 'everyone',
    accept: (payload) => payload.family === family,
  });
  return mapEvents(lists, change);
}

/** Live admin record tables, for the changes users make themselves (recordChanged covers admins' changes). */
@Resolver()
export class UserListChangeSubscriptions {
  @Subscription(() => UserListChange, {
    description:
      'Admins only: each change a user makes to their list of one family (or, for br, their signature).',
    subscribe: ({ context, args }: { context: GraphQLContext; args: { family: ListFamily } }) => {
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
