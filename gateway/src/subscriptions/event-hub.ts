import { GraphQLError } from 'graphql';
import { type EventDefinition, type PayloadOf } from '@promptloom/proto';
import {
  type Bus,
  type BusEvent,
  type Unsubscribe,
  PermanentFailure,
  graphqlHubSubscriptions,
  graphqlSubscriptionsOpened,
} from '@promptloom/shared';
import { type ZodError } from 'zod';
import { type PubSub } from 'type-graphql';
import { PushQueue } from './push-queue';
import { RecentEvents } from './recent-events';
import { RecipientIndex, type HubEvent, type Recipient } from './recipient-index';

export { type HubEvent } from './recipient-index';
export { EVERY_USER } from './every-user';

export interface EventHubOptions {
  /** Events a reconnecting client may resume with `afterSequence`: the hub keeps the recent ones by owner. */
  resumable?: readonly EventDefinition[];
  /** How many resumable events (of all users) the hub keeps for catch-up. Default 10,000. */
  recentEvents?: number;
  /** At most this many bytes of their payloads (as JSON). Default 32 MB. */
  recentBytes?: number;
  /** How far back in the event stream a starting hub reads to fill its recent events. Default `recentEvents`. */
  backfill?: number;
  /** The most events one catch-up replays; a client that missed more must re-query. Default 500. */
  maxCatchUp?: number;
  /** Undelivered events one subscription may hold before it is ended as too slow. Default 1,000. */
  maxBuffered?: number;
}

export const RESUME_TOO_OLD = 'RESUME_TOO_OLD';

/**
 * The gateway's one subscription to every event on the bus, fanned out in memory to GraphQL subscriptions. Each
 * event is parsed once and reaches only its recipients: the subscriptions of its owner (`payload.userId`) and those
 * that see every user's events (admins). Resumable events are also kept, by owner, for clients that reconnect
 * with the last sequence they saw.
 */
export class EventHub implements PubSub {
  private readonly index = new RecipientIndex();
  private readonly resumable: Map<string, EventDefinition>;
  private readonly limits: Required<Omit<EventHubOptions, 'resumable'>>;
  /** Before `start`, nothing can be resumed. */
  private recent = new RecentEvents(0, Number.POSITIVE_INFINITY);
  /** Events up to this one are the start's look back: kept for catch-up, not delivered live. */
  private backfillThrough = 0;
  private markReady: () => void = () => undefined;
  private readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));
  private firstSequence: number | null = null;
  private unsubscribe: Unsubscribe | null = null;

  constructor(options: EventHubOptions = {}) {
    this.resumable = new Map((options.resumable ?? []).map((event) => [event.subject, event]));
    const recentEvents = options.recentEvents ?? 10_000;
    const maxBuffered = options.maxBuffered ?? 1_000;
    this.limits = {
      recentEvents,
      recentBytes: options.recentBytes ?? 32 * 1024 * 1024,
      backfill: options.backfill ?? recentEvents,
      maxBuffered,
      maxCatchUp: Math.min(options.maxCatchUp ?? 500, maxBuffered),
    };
  }

  async start(bus: Bus): Promise<void> {
    const last = await bus.lastEventSequence();
    const from = Math.max(1, last - this.limits.backfill + 1);
    this.recent = new RecentEvents(this.limits.recentEvents, from - 1, this.limits.recentBytes);
    this.backfillThrough = last;
    this.firstSequence = from;
    if (from > last) this.markReady();
    this.unsubscribe = await bus.subscribe('evt.>', async (event) => this.publish(event.subject, event), {
      fromSequence: from,
    });
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /**
   * Delivers one bus event (the hub's bus subscription calls it for each). Also type-graphql's PubSub. An event whose
   * payload does not match its schema throws a PermanentFailure, so the bus logs it, counts it and moves it to the
   * dead letters; the hub goes on with the next.
   */
  publish(subject: string, event: BusEvent): void {
    this.noteStreamPosition(event.sequence);
    const recipients = this.index.recipientsOf(subject);
    const resumable = this.resumable.get(subject);
    const live = event.sequence > this.backfillThrough;
    if (!resumable && !(recipients && live)) return;
    const parsed = (resumable ?? recipients!.definition).payload.safeParse(event.payload);
    if (!parsed.success) throw new PermanentFailure(unparsedReason(subject, parsed.error));
    const delivered: HubEvent<unknown> = { payload: parsed.data, sequence: event.sequence };
    const ownerId = ownerOf(parsed.data);
    if (resumable && ownerId !== undefined) {
      this.recent.add(ownerId, subject, delivered, JSON.stringify(event.payload).length);
    }
    if (!recipients || !live) return;
    for (const recipient of recipients.everyone) recipient.offer(delivered);
    if (ownerId === undefined) return;
    for (const recipient of recipients.byOwner.get(ownerId) ?? []) recipient.offer(delivered);
  }

  /** Subscriptions here take their events from `stream`/`resume` (the `subscribe` option), never from topics. */
  subscribe(routingKey: string): never {
    throw new Error(`No topic subscriptions (${routingKey}): use EventHub.stream.`);
  }

  /**
   * The events of one kind from now on that `accept` lets through, until the client completes: those owned by
   * `ownerId`, or every user's with `ownerId` null. Callers check first that the subscriber may read them.
   */
  stream<E extends EventDefinition>(
    event: E,
    ownerId: number | null,
    accept: (payload: PayloadOf<E>) => boolean = () => true,
  ): AsyncIterableIterator<HubEvent<PayloadOf<E>>> {
    return this.open(event, ownerId, accept, 0);
  }

  /**
   * A reconnecting client's stream: first the events of `ownerId` it missed after `afterSequence` (from the hub's
   * recent events, never a scan of the stream), then live. Refused with RESUME_TOO_OLD when the hub may not hold
   * all of them (older than it keeps, from before this gateway started, or more than `maxCatchUp`).
   */
  async resume<E extends EventDefinition>(
    event: E,
    ownerId: number,
    afterSequence: number,
    accept: (payload: PayloadOf<E>) => boolean = () => true,
  ): Promise<AsyncIterableIterator<HubEvent<PayloadOf<E>>>> {
    if (!this.resumable.has(event.subject)) throw new Error(`${event.subject} is not resumable.`);
    await this.ready;
    const kept = this.recent.after(ownerId, event.subject, afterSequence);
    if (kept === null) throw resumeTooOld('older than this gateway keeps');
    const missed = (kept as Array<HubEvent<PayloadOf<E>>>).filter((each) => accept(each.payload));
    if (missed.length > this.limits.maxCatchUp) {
      throw resumeTooOld(`more than ${this.limits.maxCatchUp} missed events`);
    }
    // Read and registered in the same turn: no event falls between the kept ones and the live ones.
    const queue = this.open(event, ownerId, accept, afterSequence);
    for (const each of missed) queue.push(each);
    return queue;
  }

  private open<E extends EventDefinition>(
    event: E,
    ownerId: number | null,
    accept: (payload: PayloadOf<E>) => boolean,
    afterSequence: number,
  ): PushQueue<HubEvent<PayloadOf<E>>> {
    const queue = new PushQueue<HubEvent<PayloadOf<E>>>(
      () => {
        remove();
        graphqlHubSubscriptions.dec();
      },
      this.limits.maxBuffered,
      () => tooSlow(this.limits.maxBuffered),
    );
    const recipient: Recipient = {
      ownerId,
      offer: (delivered) => {
        const typed = delivered as HubEvent<PayloadOf<E>>;
        if (typed.sequence > afterSequence && accept(typed.payload)) queue.push(typed);
      },
    };
    const remove = this.index.add(event, recipient);
    graphqlHubSubscriptions.inc();
    graphqlSubscriptionsOpened.inc();
    return queue;
  }

  /** The start's look back ends (ready for catch-up) at the last event that was in the stream then. */
  private noteStreamPosition(sequence: number): void {
    if (this.firstSequence !== null && sequence > this.firstSequence) {
      // The stream no longer held the first events looked for: those before this one may be missing.
      this.recent.missingThrough(sequence - 1);
    }
    this.firstSequence = null;
    if (sequence >= this.backfillThrough) this.markReady();
  }
}

function ownerOf(payload: unknown): number | undefined {
  const userId = (payload as { userId?: unknown } | null)?.userId;
  return typeof userId === 'number' ? userId : undefined;
}

/** Where and how the payload failed, never its values (zod's messages may quote them). */
function unparsedReason(subject: string, error: ZodError): string {
  const issues = error.issues.map(
    (issue) => `${issue.path.map(String).join('.') || '(payload)'}: ${issue.code}`,
  );
  return `The gateway's event hub cannot read ${subject}: its payload does not match the schema (${issues.join('; ')})`;
}

function resumeTooOld(why: string): GraphQLError {
  return new GraphQLError(
    `Cannot resume from that sequence (${why}): read the data again, then subscribe without afterSequence.`,
    { extensions: { code: RESUME_TOO_OLD } },
  );
}

function tooSlow(maxBuffered: number): GraphQLError {
  return new GraphQLError(
    `This subscription fell more than ${maxBuffered} events behind: subscribe again with afterSequence.`,
    { extensions: { code: 'SUBSCRIBER_TOO_SLOW' } },
  );
}
