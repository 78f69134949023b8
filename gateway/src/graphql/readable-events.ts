import {
  decideOwnedAccess,
  enforce,
  mayAccessEveryOwner,
  ownerInRequest,
  requireAdminOperation,
  type EventDefinition,
  type PayloadOf,
} from '@promptloom/proto';
import { requireActor } from '../auth/guards';
import { EVERY_USER, type HubEvent } from '../subscriptions/event-hub';
import { type GraphQLContext } from './context';

export interface ReadableEventOptions<E extends EventDefinition> {
  /**
   * Whose events: the subscriber's own (default); everyone's the policy lets them read ('readable': an admin reads
   * every user's); or everyone's, refused with 403 unless the policy lets the subscriber read every user's.
   */
  whose?: 'own' | 'readable' | 'everyone';
  /** Which of those events this subscription is about (a list family, an element). */
  accept?: (payload: PayloadOf<E>) => boolean;
  /** The last `sequence` a reconnecting client saw: the events it missed come first (own events only). */
  afterSequence?: number | null;
}

/**
 * The live events of one kind a subscriber may receive, by the readers the event declares (`defineEvent`) and
 * the policy that decides the operations: the subscription is refused (401 / 403) when it asks for more than the
 * subscriber may read, and every event is checked against the policy again before it is delivered.
 */
export async function readableEvents<E extends EventDefinition>(
  context: GraphQLContext,
  event: E,
  options: ReadableEventOptions<E> = {},
): Promise<AsyncIterableIterator<HubEvent<PayloadOf<E>>>> {
  const { readers } = event;
  const accept = options.accept ?? (() => true);
  if (readers.kind === 'internal') throw new Error(`${event.subject} is not delivered to subscribers`);
  const actor = requireActor(context.request, context.authError);
  if (readers.kind === 'admin') {
    requireAdminOperation(actor);
    return context.events.stream(event, EVERY_USER, accept);
  }
  const mayReadEveryone = mayAccessEveryOwner(actor, readers.access);
  if (options.whose === 'everyone') enforce(mayReadEveryone ? 'allowed' : 'forbidden', actor);
  const everyone = options.whose === 'everyone' || (options.whose === 'readable' && mayReadEveryone);
  const readable = (payload: PayloadOf<E>) => {
    const owner = ownerInRequest(readers, payload);
    return (
      owner !== undefined && decideOwnedAccess(actor, readers.access, owner) === 'allowed' && accept(payload)
    );
  };
  if (everyone) return context.events.stream(event, EVERY_USER, readable);
  if (options.afterSequence === undefined || options.afterSequence === null) {
    return context.events.stream(event, actor.userId, readable);
  }
  const after = Math.max(0, Math.floor(options.afterSequence));
  return context.events.resume(event, actor.userId, after, readable);
}
