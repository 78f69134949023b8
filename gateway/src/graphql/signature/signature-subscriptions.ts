import { Resolver, Root, Subscription } from 'type-graphql';
import { decideOwnedAccess, signatureEvents, type PayloadOf } from '@promptloom/proto';
import { readableOwners, type HubEvent } from '../../subscriptions/event-hub';
import { requireActor, type GraphQLContext } from '../context';
import { SignatureChange, SignatureObject } from './signature-types';
import { StreamRecordObject } from './stream-types';

type ChangePayload = PayloadOf<typeof signatureEvents.signatureChanged>;
type StoredPayload = PayloadOf<typeof signatureEvents.imageStored>;

/** Live signature and stream changes: each user sees their own, admins everyone's. */
@Resolver()
export class SignatureSubscriptions {
  @Subscription(() => SignatureChange, {
    description: "The signed-in user's signature as it is saved, updated, swapped or removed.",
    subscribe: ({ context }: { context: GraphQLContext }) => {
      const actor = requireActor(context);
      return context.events.stream(
        signatureEvents.signatureChanged,
        readableOwners(actor),
        (payload) => decideOwnedAccess(actor, 'read', payload.userId) === 'allowed',
      );
    },
  })
  signatureChanged(@Root() event: HubEvent<ChangePayload>): SignatureChange {
    const { userId, change, signature } = event.payload;
    return Object.assign(new SignatureChange(), {
      userId,
      change,
      signature: signature ? SignatureObject.from(signature) : null,
      sequence: event.sequence,
    });
  }

  @Subscription(() => StreamRecordObject, {
    description: "The signed-in user's uploads as they are stored.",
    subscribe: ({ context }: { context: GraphQLContext }) => {
      const actor = requireActor(context);
      return context.events.stream(
        signatureEvents.imageStored,
        readableOwners(actor),
        (payload) => decideOwnedAccess(actor, 'read', payload.userId) === 'allowed',
      );
    },
  })
  streamImageStored(@Root() event: HubEvent<StoredPayload>): StreamRecordObject {
    return StreamRecordObject.from(event.payload.stream);
  }
}
