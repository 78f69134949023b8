import { type RequestContext } from '@promptloom/proto';

/**
 * The one way packages talk to each other (DESIGN.md "Bus semantics"). Two adapters implement it:
 * `InProcessBus` (embedded default, one process) and `NatsBus` (NATS core request/reply + JetStream).
 * Both pass the same contract suite (`bus-contract.ts`). Payloads are plain JSON values.
 */
export interface Bus {
  /**
   * Request/reply. Resolves with the handler's reply; rejects with the handler's DomainError as thrown, or with
   * DomainError('SERVICE_UNAVAILABLE') when nobody answers within the timeout or no handler is registered.
   */
  request(subject: string, payload: unknown, options?: RequestOptions): Promise<unknown>;

  /**
   * Answers `subject`. Handlers registered with the same `queue` share the load: each request reaches one of them.
   * A handler that throws a DomainError sends it back as is; any other error goes back as INTERNAL.
   */
  serve(subject: string, queue: string, handler: RequestHandler): Promise<Unsubscribe>;

  /**
   * Publishes a persisted event. `id` de-duplicates: the same id published again within the duplicate window
   * (at least 2 minutes) is stored and delivered once.
   */
  publish(subject: string, payload: unknown, options: PublishOptions): Promise<void>;

  /**
   * Delivers events whose subject matches `filter` (NATS wildcards: `*` one token, `>` the rest).
   * - With `durable`: every subscriber using that name shares one cursor; each event goes to one of them, and
   *   delivery resumes after a restart where it stopped. A handler that throws gets the event again later.
   * - Without: a private subscription for fan-out (the gateway), from now on or from `fromSequence`.
   */
  subscribe(filter: string, handler: EventHandler, options?: SubscribeOptions): Promise<Unsubscribe>;

  /** The sequence of the last event in the event stream (0 when empty): where "from now" starts. */
  lastEventSequence(): Promise<number>;

  /**
   * The largest message the bus takes, in bytes (payload and headers): NATS's `max_payload` from the server's
   * connection info, 1 MB in process. Writers check events against it before they commit (OutboxWriter).
   */
  maxPayloadBytes(): number;

  /** Adds a job to a durable work queue. `id` de-duplicates like `publish`. */
  enqueue(queue: string, payload: unknown, options: PublishOptions): Promise<void>;

  /**
   * Takes jobs from `queue`; each job goes to one consumer. A handler that resolves acks the job. While it runs,
   * the bus tells the server it is working on it; a consumer that stops doing so (its process died) loses the job
   * to another after `ackWaitMs`. A handler that throws has the job retried with backoff until `retryForMs` after
   * it was enqueued, then (or at once for a PermanentFailure) it goes to the dead-letter stream after
   * `onDeadLettered` ran.
   */
  consume(queue: string, handler: JobHandler, options?: ConsumeOptions): Promise<Unsubscribe>;

  /** Jobs and events that could not be handled, oldest first, after `afterSequence`; for admins. */
  deadLetters(query?: DeadLetterQuery): Promise<DeadLetter[]>;

  /**
   * Puts a dead job back on its queue (with a fresh deadline) and removes it from the dead letters. NOT_FOUND if
   * there is no such dead letter, CONFLICT if it is an event (events are kept for inspection only).
   */
  retryDeadLetter(sequence: number): Promise<DeadLetter>;

  /** True while the bus can carry messages (a NATS connection is up); false after close(). */
  isConnected(): boolean;

  /** Stops consuming, lets in-flight handlers finish, then disconnects. */
  close(): Promise<void>;
}

export type Unsubscribe = () => Promise<void>;

export interface RequestOptions {
  /** Default: the bus's own default (5 s unless configured). */
  timeoutMs?: number;
  context?: RequestContext;
  /** Signs the request once its payload is encoded, exactly as it travels (set by a SignedBus, bus/trust). */
  prove?: (body: string) => RequestProofs;
}

/** The signed statements a request carries with it (bus/trust); the bus only transports them. */
export interface RequestProofs {
  /** The sender's statement: who sends which payload to which subject, until when. */
  sender?: string;
  /** The gateway's statement of the user a service calls for, forwarded from the request it is handling. */
  actor?: string;
}

/** A request as it arrived: its payload exactly as sent (the sender signed it) and the statements that came with it. */
export interface ReceivedRequest {
  body: string;
  proofs: RequestProofs;
}

export type RequestHandler = (
  payload: unknown,
  context: RequestContext,
  received: ReceivedRequest,
) => Promise<unknown>;

export interface PublishOptions {
  id: string;
  context?: RequestContext;
}

export interface BusEvent {
  subject: string;
  payload: unknown;
  /** The id it was published with. */
  id: string;
  /** Position in the event stream, increasing; a reconnecting subscriber resumes from `sequence + 1`. */
  sequence: number;
  context: RequestContext;
}

export type EventHandler = (event: BusEvent) => Promise<void>;

export interface SubscribeOptions {
  durable?: string;
  /** Only without `durable`: start at this stream sequence instead of at new events. */
  fromSequence?: number;
}

export interface Job {
  id: string;
  payload: unknown;
  /** 1 on the first delivery, 2 on the first redelivery, and so on. */
  attempt: number;
  context: RequestContext;
}

export type JobHandler = (job: Job) => Promise<void>;

export interface ConsumeOptions {
  /**
   * How long a delivered job may go without a sign of life before another consumer gets it. The bus signals
   * progress every third of it while the handler runs. Default 30 s.
   */
  ackWaitMs?: number;
  /** How long after it was enqueued a failing job is retried before it is dead-lettered. Default 30 minutes. */
  retryForMs?: number;
  /** First retry delay, doubling per attempt up to `retryMaxDelayMs`. Defaults 1 s and 60 s. */
  retryMinDelayMs?: number;
  retryMaxDelayMs?: number;
  /** Jobs handled at once by this consumer. Default 1. */
  concurrency?: number;
  /**
   * Called once before a job goes to the dead-letter stream (e.g. to tell its user). If it throws, the job stays on
   * the queue and this is tried again at its next delivery.
   */
  onDeadLettered?: (job: Job, reason: string) => Promise<void>;
}

export interface DeadLetterQuery {
  afterSequence?: number;
  /** Default 50, at most 500. */
  limit?: number;
}

/** A job or event moved aside: `source` is the job's queue or the event's subject. */
export interface DeadLetter {
  sequence: number;
  kind: 'job' | 'event';
  source: string;
  /** The id it was enqueued or published with. */
  id: string;
  reason: string;
  /** Deliveries it had before it was moved aside. */
  attempts: number;
  /** ISO 8601. */
  deadAt: string;
  context: RequestContext;
}

/** Matches a subject against a NATS-style filter (`*` one token, `>` one or more trailing tokens). */
export function subjectMatches(filter: string, subject: string): boolean {
  const filterTokens = filter.split('.');
  const subjectTokens = subject.split('.');
  for (let index = 0; index < filterTokens.length; index++) {
    const token = filterTokens[index];
    if (token === '>') return subjectTokens.length > index;
    if (index >= subjectTokens.length) return false;
    if (token !== '*' && token !== subjectTokens[index]) return false;
  }
  return filterTokens.length === subjectTokens.length;
}
