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

  /**
   * The largest message the bus takes, in bytes (payload and headers): NATS's `max_payload` from the server's
   * connection info, 1 MB in process. Writers check events against it before they commit (OutboxWriter).
   */
  maxPayloadBytes(): number;

  /** Adds a job to a durable work queue. `id` de-duplicates like `publish`. */
  enqueue(queue: string, payload: unknown, options: PublishOptions): Promise<void>;

  /**
   * Takes jobs from `queue`; each job goes to one consumer. A handler that resolves acks the job; one that throws,
   * or whose process dies, has it delivered again after `ackWaitMs`, up to `maxDeliver` times in all.
   */
  consume(queue: string, handler: JobHandler, options?: ConsumeOptions): Promise<Unsubscribe>;

  /** Stops consuming, lets in-flight handlers finish, then disconnects. */
  close(): Promise<void>;
}

export type Unsubscribe = () => Promise<void>;

export interface RequestOptions {
  /** Default: the bus's own default (5 s unless configured). */
  timeoutMs?: number;
  context?: RequestContext;
}

export type RequestHandler = (payload: unknown, context: RequestContext) => Promise<unknown>;

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
  /** How long a delivered job may go unacknowledged before it is delivered again. Default 30 s. */
  ackWaitMs?: number;
  /** Deliveries in all before the job is dropped (and logged). Default 5. */
  maxDeliver?: number;
  /** Jobs handled at once by this consumer. Default 1. */
  concurrency?: number;
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
