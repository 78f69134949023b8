/** One delivery of an item to a taker; `attempt` counts deliveries of that item, from 1. */
export interface Delivery<T> {
  readonly item: T;
  readonly attempt: number;
}

interface Entry<T> {
  item: T;
  deliveries: number;
}

interface Unacked<T> {
  entry: Entry<T>;
  ackTimer: NodeJS.Timeout;
}

export interface DeliverySettings {
  /** A delivery neither acked nor nak'ed within this time is delivered again. */
  ackWaitMs: number;
  /** Deliveries in all before an item is dropped. */
  maxDeliver: number;
}

export interface DeliveryQueueOptions<T> extends DeliverySettings {
  /** Oldest waiting items are dropped beyond this many. */
  maxWaiting?: number;
  /** An item left the queue undelivered: too many waiting, or its last delivery was never acked. */
  onDropped(item: T, reason: 'overflow' | 'never-acked', deliveries: number): void;
}

/**
 * The in-process counterpart of a JetStream pull consumer: items wait until a taker takes one, each item goes to one
 * taker at a time, and a delivery that is nak'ed or not acked within the ack wait is delivered again.
 */
export class DeliveryQueue<T> {
  private readonly waiting: Entry<T>[] = [];
  private readonly takers: Array<(entry: Entry<T>) => void> = [];
  private readonly unacked = new Map<Delivery<T>, Unacked<T>>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private settings: DeliverySettings;

  constructor(private readonly options: DeliveryQueueOptions<T>) {
    this.settings = { ackWaitMs: options.ackWaitMs, maxDeliver: options.maxDeliver };
  }

  /** Items waiting for a taker, and items delivered but not yet acked (for metrics). */
  get counts(): { waiting: number; unacked: number } {
    return { waiting: this.waiting.length + this.retryTimers.size, unacked: this.unacked.size };
  }

  /** Later deliveries use these settings (JetStream: updating the consumer). */
  configure(settings: DeliverySettings): void {
    this.settings = settings;
  }

  push(item: T): void {
    this.offer({ item, deliveries: 0 });
    const { maxWaiting } = this.options;
    if (maxWaiting !== undefined && this.waiting.length > maxWaiting) {
      const dropped = this.waiting.shift()!;
      this.options.onDropped(dropped.item, 'overflow', dropped.deliveries);
    }
  }

  /** The next item, waiting for one if needed; undefined once `signal` aborts. */
  take(signal: AbortSignal): Promise<Delivery<T> | undefined> {
    if (signal.aborted) return Promise.resolve(undefined);
    const entry = this.waiting.shift();
    if (entry) return Promise.resolve(this.deliver(entry));
    return new Promise((resolve) => {
      const taker = (next: Entry<T>): void => {
        signal.removeEventListener('abort', abandon);
        resolve(this.deliver(next));
      };
      const abandon = (): void => {
        const index = this.takers.indexOf(taker);
        if (index >= 0) this.takers.splice(index, 1);
        resolve(undefined);
      };
      this.takers.push(taker);
      signal.addEventListener('abort', abandon, { once: true });
    });
  }

  ack(delivery: Delivery<T>): void {
    const unacked = this.unacked.get(delivery);
    if (!unacked) return; // already timed out and handed out again
    clearTimeout(unacked.ackTimer);
    this.unacked.delete(delivery);
  }

  /** The taker is still working on it: its ack wait starts again (JetStream: `working()`). */
  working(delivery: Delivery<T>): void {
    const unacked = this.unacked.get(delivery);
    if (!unacked) return;
    clearTimeout(unacked.ackTimer);
    unacked.ackTimer = this.ackTimer(delivery, unacked.entry);
  }

  /**
   * Gives the item back, to be delivered again after `delayMs`. Returns false, and forgets the item without calling
   * onDropped (the caller reports it), when it has had all its deliveries.
   */
  nak(delivery: Delivery<T>, delayMs: number): boolean {
    const unacked = this.unacked.get(delivery);
    if (!unacked) return true; // already timed out and handed out again
    clearTimeout(unacked.ackTimer);
    this.unacked.delete(delivery);
    if (unacked.entry.deliveries >= this.settings.maxDeliver) return false;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.redeliver(unacked.entry);
    }, delayMs);
    timer.unref();
    this.retryTimers.add(timer);
    return true;
  }

  /** Stops every timer; nothing is delivered again afterwards. */
  close(): void {
    for (const { ackTimer } of this.unacked.values()) clearTimeout(ackTimer);
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.unacked.clear();
    this.retryTimers.clear();
    this.waiting.length = 0;
  }

  private deliver(entry: Entry<T>): Delivery<T> {
    entry.deliveries++;
    const delivery: Delivery<T> = { item: entry.item, attempt: entry.deliveries };
    this.unacked.set(delivery, { entry, ackTimer: this.ackTimer(delivery, entry) });
    return delivery;
  }

  private ackTimer(delivery: Delivery<T>, entry: Entry<T>): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.unacked.delete(delivery);
      this.redeliver(entry);
    }, this.settings.ackWaitMs);
    timer.unref();
    return timer;
  }

  private redeliver(entry: Entry<T>): void {
    if (entry.deliveries >= this.settings.maxDeliver) {
      this.options.onDropped(entry.item, 'never-acked', entry.deliveries);
      return;
    }
    this.offer(entry, true);
  }

  private offer(entry: Entry<T>, first = false): void {
    const taker = this.takers.shift();
    if (taker) taker(entry);
    else if (first) this.waiting.unshift(entry);
    else this.waiting.push(entry);
  }
}
