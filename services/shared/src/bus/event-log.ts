import { type RequestContext } from '@promptloom/proto';
import { subjectMatches } from './bus';
import { type TraceCarrier } from '../tracing/trace-carrier';

export interface StoredEvent {
  sequence: number;
  subject: string;
  id: string;
  /** JSON text (see payload-json.ts). */
  payload: string;
  context: RequestContext;
  /** The publishing span's trace context (empty while tracing is off). */
  trace?: TraceCarrier;
}

/** The in-process event stream: the last `capacity` events with increasing sequence numbers from 1. */
export class EventLog {
  private readonly events: StoredEvent[] = [];
  private nextSequence = 1;
  private waiters: Array<() => void> = [];

  constructor(private readonly capacity: number) {}

  get lastSequence(): number {
    return this.nextSequence - 1;
  }

  append(event: Omit<StoredEvent, 'sequence'>): StoredEvent {
    const stored = { ...event, sequence: this.nextSequence++ };
    this.events.push(stored);
    if (this.events.length > this.capacity) this.events.shift();
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
    return stored;
  }

  /**
   * The first event at or after `from` whose subject matches `filter`, and where to look next. Events already
   * dropped from the log are skipped, as a stream that trimmed them would.
   */
  next(from: number, filter: string): { event?: StoredEvent; resumeAt: number } {
    const first = this.events[0]?.sequence ?? this.nextSequence;
    for (let index = Math.max(0, from - first); index < this.events.length; index++) {
      const event = this.events[index]!;
      if (subjectMatches(filter, event.subject)) return { event, resumeAt: event.sequence + 1 };
    }
    return { resumeAt: Math.max(from, this.nextSequence) };
  }

  /** Resolves at the next append. */
  appended(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
