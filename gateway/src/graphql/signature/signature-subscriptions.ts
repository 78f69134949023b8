import { Resolver, Root, Subscription } from 'type-graphql';
import { signatureEvents, type PayloadOf } from '@promptloom/proto';
import { type HubEvent } from '../../subscriptions/event-hub';
import { type GraphQLContext } from '../context';
import { readableEvents } from '../readable-events';
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
      return readableEvents(context, signatureEvents.signatureChanged, { whose: 'readable' });
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
      return readableEvents(context, signatureEvents.imageStored, { whose: 'readable' });
    },
  })
  streamImageStored(@Root() event: HubEvent<StoredPayload>): StreamRecordObject {
    return StreamRecordObject.from(event.payload.stream);
  }
}
