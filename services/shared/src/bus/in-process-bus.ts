import {
  type Bus,
  type BusEvent,
  type ConsumeOptions,
  type DeadLetter,
  type DeadLetterQuery,
  type EventHandler,
  type JobHandler,
  type PublishOptions,
  type RequestHandler,
  type RequestOptions,
  type SubscribeOptions,
  type Unsubscribe,
} from './bus';
import { Activities, type Activity } from './activities';
import {
  DEFAULT_CLOSE_TIMEOUT_MS,
  DEFAULT_MAX_PAYLOAD_BYTES,
  DEFAULT_REQUEST_TIMEOUT_MS,
  eventRetryDelayMs,
  resolveConsumeOptions,
} from './bus-defaults';
import { busClosed, noResponders, payloadTooLarge, requestTimedOut } from './bus-errors';
import { silentBusLogger, type BusLogger } from './bus-logger';
import { type Delivery, type DeliveryQueue } from './delivery-queue';
import { type StoredEvent } from './event-log';
import { onlyJobsRetry } from './dead-letter-query';
import { InFlight, settlesBy } from './in-flight';
import { deliverJob } from './job-delivery';
import { PermanentFailure, reasonOf } from './job-retries';
import { busConnected, eventsDeadLettered } from '../metrics/instruments';
import { deadLettersStored, jobQueueGauges } from '../metrics/probes';
import { InProcessBroker } from './in-process-broker';
import { type TraceCarrier } from '../tracing/trace-carrier';
import { messageBytes } from './message-size';
import { decodePayload, encodePayload } from './payload-json';
import { answerRequest, readReply } from './reply-envelope';
import { copyContext, copyRequestContext } from './request-context';
import { tracedReceive, tracedSend } from './bus-spans';
import {
  assertEventFilter,
  assertEventSubject,
  assertMessageId,
  assertName,
  assertSubject,
  jobSubject,
} from './subject-names';

export { InProcessBroker, type InProcessBrokerOptions } from './in-process-broker';

export interface InProcessBusOptions {
  /** Attach to a shared broker so several buses of one process reach each other. Default: a private broker. */
  broker?: InProcessBroker;
  /** Default request timeout. Default 5 s. */
  requestTimeoutMs?: number;
  /** How long close() and unsubscribing wait for running handlers before abandoning them. Default 30 s. */
  closeTimeoutMs?: number;
  /** The largest message `publish` takes. Default 1 MB, NATS's default `max_payload`. */
  maxPayloadBytes?: number;
  logger?: BusLogger;
}

/**
 * The embedded bus: everything in one process, with the semantics of NatsBus (same contract suite). Payloads and
 * contexts are copied through JSON on the way in and out, errors go through their wire form.
 */
export class InProcessBus implements Bus {
  private readonly broker: InProcessBroker;
  private readonly ownsBroker: boolean;
  private readonly requestTimeoutMs: number;
  private readonly closeTimeoutMs: number;
  private readonly logger: BusLogger;
  private readonly activities: Activities;
  private readonly maxPayload: number;
  private closing?: Promise<void>;

  constructor(options: InProcessBusOptions = {}) {
    this.maxPayload = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
    this.logger = options.logger ?? silentBusLogger;
    this.ownsBroker = options.broker === undefined;
    this.broker = options.broker ?? new InProcessBroker({ logger: this.logger });
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.closeTimeoutMs = options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
    this.activities = new Activities(this.closeTimeoutMs);
    busConnected.set(1);
  }

  async request(subject: string, payload: unknown, options: RequestOptions = {}): Promise<unknown> {
    this.assertOpen();
    assertSubject(subject);
    const timeoutMs = options.timeoutMs ?? this.requestTimeoutMs;
    const body = encodePayload(payload);
    const context = copyRequestContext(options.context);
    const responders = this.broker.pickResponders(subject);
    if (responders.length === 0) throw noResponders(subject);

    return tracedSend('in-process', 'request', subject, async (trace) => {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), timeoutMs);
      });
      try {
        const proofs = options.prove?.(body) ?? {};
        const replies = responders.map((respond) => respond(body, context, trace, { ...proofs }));
        const reply = await Promise.race([...replies, timedOut]);
        if (reply === undefined) throw requestTimedOut(subject, timeoutMs);
        return readReply(subject, reply);
      } finally {
        clearTimeout(timer);
      }
    });
  }

  async serve(subject: string, queue: string, handler: RequestHandler): Promise<Unsubscribe> {
    this.assertOpen();
    assertSubject(subject);
    const inFlight = new InFlight();
    const remove = this.broker.addResponder(subject, queue, (payload, context, trace, proofs) =>
      inFlight.track(
        // Answer on a later tick, as a network would: the caller never runs the handler synchronously.
        Promise.resolve().then(() =>
          tracedReceive('in-process', 'handle', subject, trace, () =>
            answerRequest(
              subject,
              handler,
              () => ({ payload, context: copyRequestContext(context), proofs }),
              this.logger,
            ),
          ),
        ),
      ),
    );
    return this.activities.add({
      stop: (deadline) => {
        remove();
        return inFlight.settledBy(deadline);
      },
    });
  }

  async publish(subject: string, payload: unknown, options: PublishOptions): Promise<void> {
    this.assertOpen();
    assertEventSubject(subject);
    assertMessageId(options.id);
    const body = encodePayload(payload);
    const bytes = messageBytes(body, options.id, options.context);
    if (bytes > this.maxPayload) throw payloadTooLarge(subject, bytes, this.maxPayload);
    const context = copyContext(options.context);
    await tracedSend('in-process', 'publish', subject, async (trace) => {
      this.broker.publish({ subject, id: options.id, payload: body, context, trace });
    });
  }

  maxPayloadBytes(): number {
    return this.maxPayload;
  }

  async lastEventSequence(): Promise<number> {
    return this.broker.events.lastSequence;
  }

  async subscribe(
    filter: string,
    handler: EventHandler,
    options: SubscribeOptions = {},
  ): Promise<Unsubscribe> {
    this.assertOpen();
    assertEventFilter(filter);
    if (options.durable === undefined) {
      return this.activities.add(this.followLog(filter, handler, options.fromSequence));
    }
    if (options.fromSequence !== undefined) {
      throw new Error('subscribe(): fromSequence applies only without durable.');
    }
    assertName('durable name', options.durable);
    const deliveries = this.broker.durable(options.durable, filter);
    const durable = options.durable;
    return this.activities.add(
      this.takeFrom(deliveries, 1, async (delivery) => {
        try {
          await this.traced(delivery.item, delivery.item.subject, () => handler(toBusEvent(delivery.item)));
          deliveries.ack(delivery);
        } catch (error) {
          const { subject, id, sequence } = delivery.item;
          if (error instanceof PermanentFailure) {
            this.deadLetterEvent(delivery.item, delivery.attempt, error, durable);
            deliveries.ack(delivery);
            return;
          }
          this.logger.warn(
            { durable, subject, id, sequence, err: error },
            'Event handler failed; will retry',
          );
          deliveries.nak(delivery, eventRetryDelayMs(delivery.attempt));
        }
      }),
    );
  }

  async enqueue(queue: string, payload: unknown, options: PublishOptions): Promise<void> {
    this.assertOpen();
    jobSubject(queue);
    assertMessageId(options.id);
    const job = { id: options.id, payload: encodePayload(payload), context: copyContext(options.context) };
    await tracedSend('in-process', 'enqueue', jobSubject(queue), async (trace) => {
      this.broker.enqueue(queue, { ...job, enqueuedAt: Date.now(), trace });
    });
  }

  async consume(queue: string, handler: JobHandler, options: ConsumeOptions = {}): Promise<Unsubscribe> {
    this.assertOpen();
    jobSubject(queue);
    const settings = resolveConsumeOptions(options);
    const jobs = this.broker.workQueue(queue, { ackWaitMs: settings.ackWaitMs });
    const abandoned = new AbortController();
    const stopProbes = [
      jobQueueGauges.pending.register(async () => [{ labels: { queue }, value: jobs.counts.waiting }]),
      jobQueueGauges.inFlight.register(async () => [{ labels: { queue }, value: jobs.counts.unacked }]),
      deadLettersStored.register(async () => [{ labels: {}, value: this.broker.deadLetters.size }]),
    ];
    const taking = this.takeFrom(jobs, settings.concurrency, async (delivery) => {
      const { id, payload, context, enqueuedAt } = delivery.item;
      const { attempt } = delivery;
      await this.traced(delivery.item, jobSubject(queue), () =>
        deliverJob(
          {
            queue,
            job: { id, payload: decodePayload(payload), attempt, context: copyContext(context) },
            enqueuedAt,
            handler,
            settings,
            onDeadLettered: options.onDeadLettered,
            logger: this.logger,
            abandoned: abandoned.signal,
          },
          {
            working: () => jobs.working(delivery),
            ack: async () => jobs.ack(delivery),
            retry: (delayMs) => void jobs.nak(delivery, delayMs),
            deadLetter: async (reason) => {
              this.broker.deadLetters.add(`job:${queue}:${id}:${enqueuedAt}`, {
                kind: 'job',
                source: queue,
                id,
                reason,
                attempts: attempt,
                context: copyContext(context),
                payload,
              });
              jobs.ack(delivery);
            },
          },
        ),
      );
    });
    return this.activities.add({
      stop: async (deadline) => {
        stopProbes.forEach((stop) => stop());
        const finished = await taking.stop(deadline);
        abandoned.abort();
        return finished;
      },
    });
  }

  async deadLetters(query?: DeadLetterQuery): Promise<DeadLetter[]> {
    this.assertOpen();
    return this.broker.deadLetters.list(query);
  }

  async retryDeadLetter(sequence: number): Promise<DeadLetter> {
    this.assertOpen();
    const letter = this.broker.deadLetters.get(sequence);
    if (letter.kind !== 'job') throw onlyJobsRetry(letter);
    const { payload, ...listed } = letter;
    this.broker.workQueue(letter.source).push({
      id: letter.id,
      payload,
      context: copyContext(letter.context),
      enqueuedAt: Date.now(),
    });
    this.broker.deadLetters.remove(sequence);
    return structuredClone(listed);
  }

  /** True until close() is called (there is no connection to lose). */
  isConnected(): boolean {
    return this.closing === undefined;
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    if (!(await this.activities.stopAll())) {
      this.logger.warn({ closeTimeoutMs: this.closeTimeoutMs }, 'Bus closed with handlers still running');
    }
    if (this.ownsBroker) this.broker.close();
  }

  private assertOpen(): void {
    if (this.closing) throw busClosed();
  }

  /** An event no handler can use, stored aside once however many subscribers found it so. */
  private deadLetterEvent(event: StoredEvent, attempts: number, error: unknown, durable?: string): void {
    const { subject, id, sequence } = event;
    this.logger.warn(
      { durable, subject, id, sequence, err: error },
      'Unreadable event moved to the dead letters',
    );
    eventsDeadLettered.inc({ subject });
    this.broker.deadLetters.add(`event:${sequence}`, {
      kind: 'event',
      source: subject,
      id,
      reason: reasonOf(error),
      attempts,
      context: copyContext(event.context),
      payload: event.payload,
    });
  }

  /** A private subscription reading the event log in order, from now or from `fromSequence`. */
  private followLog(filter: string, handler: EventHandler, fromSequence: number | undefined): Activity {
    if (fromSequence !== undefined && (!Number.isInteger(fromSequence) || fromSequence < 1)) {
      throw new Error('subscribe(): fromSequence must be a positive integer.');
    }
    const log = this.broker.events;
    const stopping = new AbortController();
    const stopped = new Promise<void>((resolve) =>
      stopping.signal.addEventListener('abort', () => resolve()),
    );
    let cursor = fromSequence ?? log.lastSequence + 1;
    const loop = (async () => {
      while (!stopping.signal.aborted) {
        const { event, resumeAt } = log.next(cursor, filter);
        cursor = resumeAt;
        if (!event) {
          await Promise.race([log.appended(), stopped]);
          continue;
        }
        try {
          await this.traced(event, event.subject, () => handler(toBusEvent(event)));
        } catch (error) {
          const { subject, id, sequence } = event;
          if (error instanceof PermanentFailure) this.deadLetterEvent(event, 1, error);
          else this.logger.warn({ subject, id, sequence, err: error }, 'Event handler failed');
        }
      }
    })();
    return {
      stop: (deadline) => {
        stopping.abort();
        return settlesBy(loop, deadline);
      },
    };
  }

  /** Handles a delivered event or job in a `process` span under its sender's trace. */
  private traced<T>(item: { trace?: TraceCarrier }, destination: string, work: () => Promise<T>): Promise<T> {
    return tracedReceive('in-process', 'process', destination, item.trace, work);
  }

  /** `workers` loops, each taking one delivery at a time and handling it. */
  private takeFrom<T>(
    deliveries: DeliveryQueue<T>,
    workers: number,
    handle: (delivery: Delivery<T>) => Promise<void>,
  ): Activity {
    const stopping = new AbortController();
    const worker = async (): Promise<void> => {
      for (;;) {
        const delivery = await deliveries.take(stopping.signal);
        if (!delivery) return;
        await handle(delivery);
      }
    };
    const loops = Promise.all(Array.from({ length: workers }, worker));
    return {
      stop: (deadline) => {
        stopping.abort();
        return settlesBy(loops, deadline);
      },
    };
  }
}

function toBusEvent(event: StoredEvent): BusEvent {
  return {
    subject: event.subject,
    id: event.id,
    sequence: event.sequence,
    payload: decodePayload(event.payload),
    context: copyContext(event.context),
  };
}
