import { type RequestContext } from '@promptloom/proto';
import { subjectMatches, type RequestProofs } from './bus';
import { DEFAULT_JOB_ACK_WAIT_MS, DUPLICATE_WINDOW_MS, EVENT_ACK_WAIT_MS } from './bus-defaults';
import { silentBusLogger, type BusLogger } from './bus-logger';
import { DeliveryQueue, type DeliverySettings } from './delivery-queue';
import { DuplicateWindow } from './duplicate-window';
import { EventLog, type StoredEvent } from './event-log';
import { InProcessDeadLetters } from './in-process-dead-letters';
import { type TraceCarrier } from '../tracing/trace-carrier';

/** Answers one request: payload and reply are JSON text (the reply a ReplyEnvelope); never rejects. */
export type Responder = (
  payload: string,
  context: RequestContext,
  trace: TraceCarrier,
  proofs: RequestProofs,
) => Promise<string>;

export interface StoredJob {
  id: string;
  payload: string;
  context: RequestContext;
  /** Epoch ms; the retry deadline counts from here. */
  enqueuedAt: number;
  /** The enqueuing span's trace context (empty while tracing is off). */
  trace?: TraceCarrier;
}

export interface InProcessBrokerOptions {
  /** Events kept for `fromSequence` replay. Default 10,000. */
  maxEvents?: number;
  /** How long publish and enqueue ids are remembered. Default 2 minutes. */
  duplicateWindowMs?: number;
  /** A durable subscriber's event that is neither acked nor failed within this time is delivered again. */
  eventAckWaitMs?: number;
  /** Reports what nobody else sees: jobs and events dropped by the broker itself. */
  logger?: BusLogger;
}

interface RegisteredResponder {
  subject: string;
  queue: string;
  responder: Responder;
}

interface DurableGroup {
  filter: string;
  deliveries: DeliveryQueue<StoredEvent>;
}

/**
 * The shared state of the in-process bus, what the NATS server is to NatsBus: responders, the event log, durable
 * cursors and work queues. Several InProcessBus instances attached to one broker reach each other.
 */
export class InProcessBroker {
  readonly events: EventLog;
  readonly deadLetters = new InProcessDeadLetters();
  private readonly maxEvents: number;
  private readonly eventAckWaitMs: number;
  private readonly logger: BusLogger;
  private readonly eventIds: DuplicateWindow;
  private readonly jobIds: DuplicateWindow;
  private readonly responders: RegisteredResponder[] = [];
  private readonly roundRobin = new Map<string, number>();
  private readonly durableGroups = new Map<string, DurableGroup>();
  private readonly workQueues = new Map<string, DeliveryQueue<StoredJob>>();

  constructor(options: InProcessBrokerOptions = {}) {
    this.maxEvents = options.maxEvents ?? 10_000;
    this.eventAckWaitMs = options.eventAckWaitMs ?? EVENT_ACK_WAIT_MS;
    this.logger = options.logger ?? silentBusLogger;
    this.events = new EventLog(this.maxEvents);
    this.eventIds = new DuplicateWindow(options.duplicateWindowMs ?? DUPLICATE_WINDOW_MS);
    this.jobIds = new DuplicateWindow(options.duplicateWindowMs ?? DUPLICATE_WINDOW_MS);
  }

  addResponder(subject: string, queue: string, responder: Responder): () => void {
    const registered = { subject, queue, responder };
    this.responders.push(registered);
    return () => {
      const index = this.responders.indexOf(registered);
      if (index >= 0) this.responders.splice(index, 1);
    };
  }

  /** One responder per queue group whose subject matches, taking turns within each group (as NATS does). */
  pickResponders(subject: string): Responder[] {
    const groups = new Map<string, Responder[]>();
    for (const { subject: pattern, queue, responder } of this.responders) {
      if (subjectMatches(pattern, subject)) groups.set(queue, [...(groups.get(queue) ?? []), responder]);
    }
    return [...groups].map(([queue, members]) => {
      const key = `${queue} ${subject}`;
      const turn = this.roundRobin.get(key) ?? 0;
      this.roundRobin.set(key, turn + 1);
      return members[turn % members.length]!;
    });
  }

  /** Stores an event and hands it to every durable group it matches; undefined if its id is a duplicate. */
  publish(event: Omit<StoredEvent, 'sequence'>): StoredEvent | undefined {
    if (!this.eventIds.admit(event.id)) return undefined;
    const stored = this.events.append(event);
    for (const group of this.durableGroups.values()) {
      if (subjectMatches(group.filter, stored.subject)) group.deliveries.push(stored);
    }
    return stored;
  }

  /** The deliveries of a durable name; created at the first use, it receives events published from then on. */
  durable(name: string, filter: string): DeliveryQueue<StoredEvent> {
    const existing = this.durableGroups.get(name);
    if (existing) {
      existing.filter = filter;
      return existing.deliveries;
    }
    const deliveries = new DeliveryQueue<StoredEvent>({
      ackWaitMs: this.eventAckWaitMs,
      maxDeliver: Number.POSITIVE_INFINITY,
      maxWaiting: this.maxEvents,
      onDropped: (event) =>
        this.logger.error(
          { durable: name, subject: event.subject, id: event.id, sequence: event.sequence },
          'Durable subscriber fell too far behind; event dropped',
        ),
    });
    this.durableGroups.set(name, { filter, deliveries });
    return deliveries;
  }

  /** Adds a job; false if its id is a duplicate. */
  enqueue(queue: string, job: StoredJob): boolean {
    if (!this.jobIds.admit(job.id)) return false;
    this.workQueue(queue).push(job);
    return true;
  }

  /** Jobs are delivered until acked or dead-lettered by their consumer: no delivery limit here. */
  workQueue(queue: string, settings?: Pick<DeliverySettings, 'ackWaitMs'>): DeliveryQueue<StoredJob> {
    let jobs = this.workQueues.get(queue);
    const delivery = settings && { ackWaitMs: settings.ackWaitMs, maxDeliver: Number.POSITIVE_INFINITY };
    if (!jobs) {
      jobs = new DeliveryQueue<StoredJob>({
        ackWaitMs: settings?.ackWaitMs ?? DEFAULT_JOB_ACK_WAIT_MS,
        maxDeliver: Number.POSITIVE_INFINITY,
        onDropped: (job, _reason, deliveries) =>
          this.logger.error(
            { queue, id: job.id, deliveries },
            'Job never acknowledged on its last delivery; dropped',
          ),
      });
      this.workQueues.set(queue, jobs);
    } else if (delivery) {
      jobs.configure(delivery);
    }
    return jobs;
  }

  /** Stops every redelivery timer. */
  close(): void {
    for (const group of this.durableGroups.values()) group.deliveries.close();
    for (const jobs of this.workQueues.values()) jobs.close();
  }
}
