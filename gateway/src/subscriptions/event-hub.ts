import { EventEmitter, on } from 'node:events';
import { type EventDefinition, type PayloadOf } from '@promptloom/proto';
import { type Bus, type BusEvent, type Unsubscribe, graphqlSubscriptionsOpened } from '@promptloom/shared';
import { type PubSub } from 'type-graphql';

/** One event as a subscription sees it: its parsed payload and its place in the event stream. */
export interface HubEvent<P> {
  payload: P;
  sequence: number;
}

/**
 * The gateway's one subscription to every event on the bus, fanned out in memory to GraphQL subscriptions. One bus
 * consumer per gateway process, however many clients are connected.
 */
export class EventHub implements PubSub {
  private readonly emitter = new EventEmitter();
  private unsubscribe: Unsubscribe | null = null;

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async start(bus: Bus): Promise<void> {
    this.unsubscribe = await bus.subscribe('evt.>', async (event) => this.publish(event.subject, event));
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** type-graphql's PubSub: raw bus events of one subject. Resolvers use `stream`, which parses and filters. */
  publish(subject: string, event: BusEvent): void {
    this.emitter.emit(subject, event);
  }

  async *subscribe(subject: string): AsyncGenerator<BusEvent> {
    const events = on(this.emitter, subject) as AsyncIterable<[BusEvent]>;
    graphqlSubscriptionsOpened.inc();
    for await (const [event] of events) yield event;
  }

  /**
   * The events of one kind from now on that `accept` lets through (e.g. only the subscriber's own records), until
   * the client unsubscribes. Events whose payload does not match the catalogue are skipped.
   */
  async *stream<E extends EventDefinition>(
    event: E,
    accept: (payload: PayloadOf<E>) => boolean = () => true,
  ): AsyncGenerator<HubEvent<PayloadOf<E>>> {
    for await (const received of this.subscribe(event.subject)) {
      const parsed = event.payload.safeParse(received.payload);
      if (!parsed.success) continue;
      const payload = parsed.data as PayloadOf<E>;
      if (accept(payload)) yield { payload, sequence: received.sequence };
    }
  }
}
