import { requireOwnedAccess, type EventDefinition, type PayloadOf } from '@promptloom/proto';
import { type HubEvent } from '../../subscriptions/event-hub';
import { type GraphQLContext } from '../context';

/**
 * The events of one kind owned by `ownerId`, whom the subscriber may read by the policy, from the gateway's event
 * hub. With `afterSequence` (a client reconnecting with the last `sequence` it saw) the events it missed come
 * first, from the hub's recent events (or RESUME_TOO_OLD: re-query instead), then live ones.
 */
export async function ownedEvents<E extends EventDefinition>(
  context: GraphQLContext,
  event: E,
  ownerId: number,
  accept: (payload: PayloadOf<E>) => boolean,
  afterSequence?: number | null,
): Promise<AsyncIterableIterator<HubEvent<PayloadOf<E>>>> {
  requireOwnedAccess(context.request.actor, 'read', ownerId);
  if (afterSequence === undefined || afterSequence === null) {
    return context.events.stream(event, ownerId, accept);
  }
  return context.events.resume(event, ownerId, Math.max(0, Math.floor(afterSequence)), accept);
}
