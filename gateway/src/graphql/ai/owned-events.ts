import { requireOwnedAccess, type EventDefinition, type PayloadOf } from '@promptloom/proto';
import { type BusEvent, graphqlSubscriptionsOpened } from '@promptloom/shared';
import { type HubEvent } from '../../subscriptions/event-hub';
import { type GraphQLContext } from '../context';

/**
 * The events of one kind owned by `ownerId`, whom the subscriber may read by the policy. Without `afterSequence`: live, from the gateway's event hub. With it
 * (a client reconnecting with the last `sequence` it saw): a private bus subscription that replays what was missed
 * from the event stream, then continues live.
 */
export async function* ownedEvents<E extends EventDefinition>(
  context: GraphQLContext,
  event: E,
  ownerId: number,
  accept: (payload: PayloadOf<E>) => boolean,
  afterSequence?: number | null,
): AsyncGenerator<HubEvent<PayloadOf<E>>> {
  requireOwnedAccess(context.request.actor, 'read', ownerId);
  if (afterSequence === undefined || afterSequence === null) {
    yield* live(context, event, accept, ownerId);
    return;
  }
  const queue: BusEvent[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = await context.bus.subscribe(
    event.subject,
    async (received) => {
      queue.push(received);
      wake?.();
    },
    { fromSequence: Math.max(1, Math.floor(afterSequence) + 1) },
  );
  graphqlSubscriptionsOpened.inc();
  try {
    for (;;) {
      while (queue.length > 0) {
        const accepted = acceptOwned(event, queue.shift()!, ownerId, accept);
        if (accepted) yield accepted;
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  } finally {
    await unsubscribe();
  }
}

/** Live events from the gateway's hub, checked for their owner before their (large) payload is parsed. */
async function* live<E extends EventDefinition>(
  context: GraphQLContext,
  event: E,
  accept: (payload: PayloadOf<E>) => boolean,
  ownerId: number,
): AsyncGenerator<HubEvent<PayloadOf<E>>> {
  for await (const received of context.events.subscribe(event.subject)) {
    const accepted = acceptOwned(event, received, ownerId, accept);
    if (accepted) yield accepted;
  }
}

/**
 * Every subscription sees every event of its kind, so the cheap owner check comes first: only the owner's events
 * are parsed against the catalogue (and then filtered by `accept`).
 */
function acceptOwned<E extends EventDefinition>(
  event: E,
  received: BusEvent,
  ownerId: number,
  accept: (payload: PayloadOf<E>) => boolean,
): HubEvent<PayloadOf<E>> | null {
  const raw = received.payload as { userId?: unknown } | null;
  if (raw?.userId !== ownerId) return null;
  const parsed = event.payload.safeParse(received.payload);
  if (!parsed.success || !accept(parsed.data as PayloadOf<E>)) return null;
  return { payload: parsed.data as PayloadOf<E>, sequence: received.sequence };
}
