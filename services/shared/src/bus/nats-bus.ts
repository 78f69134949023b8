import { DomainError } from '@promptloom/proto';
import {
  connect,
  DeliverPolicy,
  ErrorCode,
  Events,
  NatsError,
  type Consumer,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type Msg,
  type NatsConnection,
} from 'nats';
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
import { Activities } from './activities';
import {
  DEFAULT_CLOSE_TIMEOUT_MS,
  DEFAULT_MAX_PAYLOAD_BYTES,
  DEFAULT_REQUEST_TIMEOUT_MS,
  EVENT_ACK_WAIT_MS,
  eventRetryDelayMs,
  resolveConsumeOptions,
} from './bus-defaults';
import {
  RequestInterrupted,
  busClosed,
  noResponders,
  payloadTooLarge,
  requestRefused,
  requestTimedOut,
  unreachable,
} from './bus-errors';
import { silentBusLogger, type BusLogger } from './bus-logger';
import { InFlight } from './in-flight';
import { deliverJob } from './job-delivery';
import { PermanentFailure } from './job-retries';
import { ConfigError } from '../config/config';
import { type TraceCarrier } from '../tracing/trace-carrier';
import { busConnected, busPermissionDenied, eventsDeadLettered } from '../metrics/instruments';
import { deadLettersStored, eventConsumerLag, jobQueueGauges } from '../metrics/probes';
import {
  contextFromHeaders,
  contextHeaders,
  decodeText,
  encodeText,
  messageIdOf,
  requestContextFromHeaders,
  proofsFromHeaders,
  requestHeaders,
  traceFromHeaders,
} from './nats-codec';
import { tracedReceive, tracedSend } from './bus-spans';
import { startConsumeLoop } from './nats-consume-loop';
import { NatsDeadLetters, retriedJobIdOf } from './nats-dead-letters';
import { NatsNames } from './nats-names';
import { ensureDurableConsumer, ensureStreams } from './nats-streams';
import { messageBytes } from './message-size';
import { decodePayload, encodePayload } from './payload-json';
import { answerRequest, readReply } from './reply-envelope';
import {
  assertEventFilter,
  assertEventSubject,
  assertMessageId,
  assertName,
  assertSubject,
  jobSubject,
} from './subject-names';

export interface NatsBusOptions {
  /** `nats://host:port`, or several for a cluster. */
  servers: string | string[];
  /** Prefixes every subject, stream and consumer name (letters, digits, `-`); none: DESIGN.md's subjects. */
  namespace?: string;
  /** Default request timeout. Default 5 s. */
  requestTimeoutMs?: number;
  /** How long close() and unsubscribing wait for running handlers before abandoning them. Default 30 s. */
  closeTimeoutMs?: number;
  /** Client name shown by the server's monitoring. */
  name?: string;
  logger?: BusLogger;
  /** The server's user for this process (NATS_USER / NATS_PASSWORD); its permissions are deploy/nats.conf's. */
  user?: string;
  pass?: string;
  /** TLS to the server (NATS_TLS_CA_FILE, NATS_TLS_CERT_FILE, NATS_TLS_KEY_FILE). */
  tls?: { caFile?: string; certFile?: string; keyFile?: string };
}

const RECONNECT_WAIT_MS = 1_000;

/**
 * The distributed bus: request/reply over core NATS with queue groups, events in the JetStream stream EVENTS,
 * jobs in the work-queue stream JOBS (see nats-streams.ts). Reconnects forever; consumers resume by themselves.
 */
export class NatsBus implements Bus {
  private readonly js: JetStreamClient;
  private readonly requestTimeoutMs: number;
  private readonly closeTimeoutMs: number;
  private readonly logger: BusLogger;
  private readonly activities: Activities;
  private readonly dead: NatsDeadLetters;
  /** Unregisters the metric probes this bus registered. */
  private readonly stopProbes: Array<() => void> = [];
  private closing?: Promise<void>;
  private connected = true;
  private readonly reportedDenials = new Set<string>();
  /** Gives up each request waiting for its reply; called when the connection drops. */
  private readonly waitingReplies = new Set<() => void>();

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly names: NatsNames,
    options: NatsBusOptions,
  ) {
    this.js = nc.jetstream();
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.closeTimeoutMs = options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
    this.activities = new Activities(this.closeTimeoutMs);
    this.logger = options.logger ?? silentBusLogger;
    this.dead = new NatsDeadLetters(this.js, jsm, names);
    busConnected.set(1);
    this.stopProbes.push(
      deadLettersStored.register(async () => [
        { labels: {}, value: (await jsm.streams.info(names.streams.dead)).state.messages },
      ]),
    );
    this.logConnectionStatus().catch(() => undefined);
  }

  /** Connects, then creates or updates the streams. Fails if the server cannot be reached or has no JetStream. */
  static async connect(options: NatsBusOptions): Promise<NatsBus> {
    const names = new NatsNames(options.namespace);
    const nc = await connect({
      servers: options.servers,
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: RECONNECT_WAIT_MS,
      user: options.user,
      pass: options.pass,
      tls: options.tls,
    }).catch((error: unknown) => {
      throw isNatsError(error, ErrorCode.AuthorizationViolation) ||
        isNatsError(error, ErrorCode.AuthenticationExpired)
        ? new ConfigError([
            `NATS_USER / NATS_PASSWORD: the NATS server refused ${options.user ? `user '${options.user}'` : 'a connection without credentials'} (${(error as Error).message})`,
          ])
        : error;
    });
    try {
      const jsm = await nc.jetstreamManager();
      await ensureStreams(jsm, names);
      return new NatsBus(nc, jsm, names, options);
    } catch (error) {
      await nc.close();
      throw error;
    }
  }

  async request(subject: string, payload: unknown, options: RequestOptions = {}): Promise<unknown> {
    this.assertOpen();
    assertSubject(subject);
    // While the connection is down nobody can answer: fail now rather than after the timeout (issue 14.2).
    if (!this.connected) throw unreachable(subject);
    const timeout = options.timeoutMs ?? this.requestTimeoutMs;
    return tracedSend('nats', 'request', subject, async (trace) => {
      let reply: Msg;
      try {
        const body = encodePayload(payload);
        const sent = this.nc.request(this.names.subject(subject), encodeText(body), {
          timeout,
          headers: requestHeaders(options.context, trace, options.prove?.(body)),
        });
        reply = await this.untilDisconnected(subject, sent);
      } catch (error) {
        if (error instanceof RequestInterrupted) throw error;
        if (isNatsError(error, ErrorCode.NoResponders)) throw noResponders(subject);
        if (isNatsError(error, ErrorCode.Timeout)) throw requestTimedOut(subject, timeout);
        // Logged and counted once, with the subject, where the server's refusal arrives (logConnectionStatus).
        if (permissionDenied(error)) throw requestRefused(subject);
        this.logger.warn({ subject, err: error }, 'Request failed');
        throw unreachable(subject);
      }
      return readReply(subject, decodeText(reply.data));
    });
  }

  async serve(subject: string, queue: string, handler: RequestHandler): Promise<Unsubscribe> {
    this.assertOpen();
    assertSubject(subject);
    const inFlight = new InFlight();
    const subscription = this.nc.subscribe(this.names.subject(subject), {
      queue,
      callback: (error, msg) => {
        if (error) {
          this.logger.error({ subject, err: error }, 'Request subscription failed');
          return;
        }
        if (msg.reply) void inFlight.track(this.answer(subject, handler, msg));
      },
    });
    await this.nc.flush();
    return this.activities.add({
      stop: async (deadline) => {
        // Drain, not unsubscribe: requests the server already routed here are still answered.
        await subscription.drain().catch(() => undefined);
        return inFlight.settledBy(deadline);
      },
    });
  }

  async publish(subject: string, payload: unknown, options: PublishOptions): Promise<void> {
    this.assertOpen();
    assertEventSubject(subject);
    assertMessageId(options.id);
    await this.persist(this.names.subject(subject), subject, payload, options, 'publish');
  }

  async subscribe(
    filter: string,
    handler: EventHandler,
    options: SubscribeOptions = {},
  ): Promise<Unsubscribe> {
    this.assertOpen();
    assertEventFilter(filter);
    if (options.durable === undefined) return this.followStream(filter, handler, options.fromSequence);
    if (options.fromSequence !== undefined) {
      throw new Error('subscribe(): fromSequence applies only without durable.');
    }
    assertName('durable name', options.durable);

    const stream = this.names.streams.events;
    const consumer = this.names.durableConsumer(options.durable);
    // A durable name starts at the next event. Recreated after the server lost it, it starts at the oldest event
    // left: after a server that lost its data, that is every event since, which a handler must not miss.
    const ensureConsumer = (startAt: 'new' | 'all') =>
      ensureDurableConsumer(this.jsm, stream, {
        name: consumer,
        filterSubject: this.names.subject(filter),
        ackWaitMs: EVENT_ACK_WAIT_MS,
        maxDeliver: -1,
        startAt,
      });
    await ensureConsumer('new');
    const stopProbe = eventConsumerLag.register(async () => [
      {
        labels: { durable: options.durable! },
        value: (await this.jsm.consumers.info(stream, consumer)).num_pending,
      },
    ]);
    const label = { durable: options.durable, filter };
    const loop = startConsumeLoop({
      open: async () => (await this.js.consumers.get(stream, consumer)).consume({ max_messages: 1 }),
      handle: async (message) => {
        const event = this.readEvent(message);
        if (!event) return this.settleDeadEvent(message);
        try {
          await this.traced(message, event.subject, () => handler(event));
          this.settle(() => message.ack());
        } catch (error) {
          const { subject, id, sequence } = event;
          if (error instanceof PermanentFailure) return this.settleDeadEvent(message, error, label);
          this.logger.warn(
            { ...label, subject, id, sequence, err: error },
            'Event handler failed; will retry',
          );
          this.settle(() => message.nak(eventRetryDelayMs(message.info.deliveryCount)));
        }
      },
      release: (message) => this.settle(() => message.nak()),
      recover: () => this.recreate(() => ensureConsumer('all')),
      logger: this.logger,
      label,
    });
    await loop.started;
    return this.activities.add({
      stop: (deadline) => {
        stopProbe();
        return loop.stop(deadline);
      },
    });
  }

  async enqueue(queue: string, payload: unknown, options: PublishOptions): Promise<void> {
    this.assertOpen();
    assertMessageId(options.id);
    await this.persist(this.names.jobSubject(queue), jobSubject(queue), payload, options, 'enqueue');
  }

  async consume(queue: string, handler: JobHandler, options: ConsumeOptions = {}): Promise<Unsubscribe> {
    this.assertOpen();
    const settings = resolveConsumeOptions(options);
    const stream = this.names.streams.jobs;
    const consumer = this.names.jobConsumer(queue);
    // No delivery limit: the retry deadline (deliverJob) decides when a job is given up, and dead-letters it.
    const ensureConsumer = () =>
      ensureDurableConsumer(this.jsm, stream, {
        name: consumer,
        filterSubject: this.names.jobSubject(queue),
        ackWaitMs: settings.ackWaitMs,
        maxDeliver: -1,
        startAt: 'all',
      });
    await ensureConsumer();
    const stopProbes = this.probeQueue(queue, stream, consumer);

    const abandoned = new AbortController();
    const handle = async (message: JsMsg): Promise<void> => {
      const attempt = message.info.deliveryCount;
      const id = retriedJobIdOf(message.headers) ?? messageIdOf(message.headers);
      let job: Parameters<typeof deliverJob>[0]['job'];
      try {
        const payload = decodePayload(decodeText(message.data));
        job = { id, attempt, payload, context: contextFromHeaders(message.headers) };
      } catch (error) {
        job = { id, attempt, malformed: error instanceof Error ? error.message : String(error) };
      }
      await this.traced(message, jobSubject(queue), () =>
        deliverJob(
          {
            queue,
            job,
            enqueuedAt: message.info.timestampNanos / 1e6,
            handler,
            settings,
            onDeadLettered: options.onDeadLettered,
            logger: this.logger,
            abandoned: abandoned.signal,
          },
          {
            working: () => this.settle(() => message.working()),
            ack: () => this.confirmAck(message, { queue, id, attempt }),
            retry: (delayMs) => this.settle(() => message.nak(delayMs)),
            deadLetter: async (reason) => {
              await this.dead.store({
                kind: 'job',
                source: queue,
                id,
                reason,
                attempts: attempt,
                original: message.headers,
                data: message.data,
                key: `dead:job:${stream}:${message.seq}`,
              });
              await this.confirmAck(message, { queue, id, attempt });
            },
          },
        ),
      );
    };

    await this.nc.flush();
    // One consume loop per slot: each pulls a job only when it is free, so no job waits in this process while
    // its ack wait runs out.
    const loops = Array.from({ length: settings.concurrency }, () =>
      startConsumeLoop({
        open: async () => (await this.js.consumers.get(stream, consumer)).consume({ max_messages: 1 }),
        handle,
        release: (message) => this.settle(() => message.nak()),
        recover: () => this.recreate(ensureConsumer),
        logger: this.logger,
        label: { queue },
      }),
    );
    await Promise.all(loops.map((loop) => loop.started));
    return this.activities.add({
      stop: async (deadline) => {
        stopProbes();
        const finished = (await Promise.all(loops.map((loop) => loop.stop(deadline)))).every(Boolean);
        abandoned.abort();
        return finished;
      },
    });
  }

  maxPayloadBytes(): number {
    return this.nc.info?.max_payload ?? DEFAULT_MAX_PAYLOAD_BYTES;
  }

  async lastEventSequence(): Promise<number> {
    return (await this.jsm.streams.info(this.names.streams.events)).state.last_seq;
  }

  async deadLetters(query?: DeadLetterQuery): Promise<DeadLetter[]> {
    this.assertOpen();
    return this.dead.list(query);
  }

  async retryDeadLetter(sequence: number): Promise<DeadLetter> {
    this.assertOpen();
    return this.dead.retry(sequence);
  }

  /** True while connected to a server: false during a reconnect and after close(). For readiness checks. */
  isConnected(): boolean {
    return this.connected && this.closing === undefined && !this.nc.isClosed();
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  /**
   * A reply cannot come back over a connection that dropped (the reply subject is gone with it), so a request in
   * flight then fails at once instead of after its timeout, saying it may have been applied (issue 28.6).
   */
  private untilDisconnected(subject: string, sent: Promise<Msg>): Promise<Msg> {
    return new Promise<Msg>((resolve, reject) => {
      const giveUp = () => reject(new RequestInterrupted(subject));
      this.waitingReplies.add(giveUp);
      sent.then(resolve, reject).finally(() => this.waitingReplies.delete(giveUp));
    });
  }

  private interruptWaitingRequests(): void {
    if (this.waitingReplies.size === 0) return;
    this.logger.warn(
      { requests: this.waitingReplies.size },
      'NATS disconnected with requests in flight; they are answered as interrupted',
    );
    for (const giveUp of this.waitingReplies) giveUp();
    this.waitingReplies.clear();
  }

  /** The queue's backlog, read from the server at each scrape. */
  private probeQueue(queue: string, stream: string, consumer: string): () => void {
    const info = () => this.jsm.consumers.info(stream, consumer);
    const stops = [
      jobQueueGauges.pending.register(async () => [{ labels: { queue }, value: (await info()).num_pending }]),
      jobQueueGauges.inFlight.register(async () => [
        { labels: { queue }, value: (await info()).num_ack_pending },
      ]),
      jobQueueGauges.redelivered.register(async () => [
        { labels: { queue }, value: (await info()).num_redelivered },
      ]),
    ];
    return () => stops.forEach((stop) => stop());
  }

  private async shutDown(): Promise<void> {
    this.stopProbes.forEach((stop) => stop());
    if (!(await this.activities.stopAll())) {
      this.logger.warn({ closeTimeoutMs: this.closeTimeoutMs }, 'Bus closed with handlers still running');
    }
    if (this.nc.isClosed()) return;
    // Draining needs the server; without a connection it would wait for a reconnect that may never come.
    const stop = this.connected ? this.nc.drain() : this.nc.close();
    await stop.catch((error: unknown) => this.logger.warn({ err: error }, 'NATS drain failed'));
    // A drain fails while the server is unreachable; close anyway, or the client goes on reconnecting forever.
    if (!this.nc.isClosed()) await this.nc.close();
  }

  /** A private subscription: an ordered consumer from the next event (or `fromSequence`), handled in order. */
  private async followStream(
    filter: string,
    handler: EventHandler,
    fromSequence: number | undefined,
  ): Promise<Unsubscribe> {
    if (fromSequence !== undefined && (!Number.isInteger(fromSequence) || fromSequence < 1)) {
      throw new Error('subscribe(): fromSequence must be a positive integer.');
    }
    const stream = this.names.streams.events;
    // "From now" is pinned to a sequence rather than DeliverPolicy.New, so that reopening after a failure resumes
    // exactly after the last event handled.
    let nextSequence = fromSequence ?? (await this.lastEventSequence()) + 1;
    let consumer: Consumer | undefined;
    const label = { filter };
    const loop = startConsumeLoop({
      open: async (): Promise<ConsumerMessages> => {
        consumer = await this.js.consumers.get(stream, {
          filterSubjects: this.names.subject(filter),
          deliver_policy: DeliverPolicy.StartSequence,
          opt_start_seq: nextSequence,
        });
        return consumer.consume();
      },
      handle: async (message) => {
        nextSequence = message.seq + 1;
        const event = this.readEvent(message);
        if (!event) return this.storeAside(message, 'Malformed event: its payload is not JSON', label);
        try {
          await this.traced(message, event.subject, () => handler(event));
        } catch (error) {
          const { subject, id, sequence } = event;
          if (error instanceof PermanentFailure) return this.storeAside(message, error, label);
          this.logger.warn({ ...label, subject, id, sequence, err: error }, 'Event handler failed');
        }
      },
      release: () => undefined,
      logger: this.logger,
      label,
    });
    await loop.started;
    return this.activities.add({
      stop: async (deadline) => {
        const finished = await loop.stop(deadline);
        // Ordered consumers expire on their own after a few idle minutes; deleting now just tidies up.
        if (!this.nc.isClosed() && !this.nc.isDraining()) await consumer?.delete().catch(() => undefined);
        return finished;
      },
    });
  }

  private async answer(subject: string, handler: RequestHandler, msg: Msg): Promise<void> {
    const reply = await tracedReceive('nats', 'handle', subject, traceFromHeaders(msg.headers), () =>
      answerRequest(
        subject,
        handler,
        () => ({
          payload: decodeText(msg.data),
          context: requestContextFromHeaders(msg.headers),
          proofs: proofsFromHeaders(msg.headers),
        }),
        this.logger,
      ),
    );
    this.settle(() => msg.respond(encodeText(reply)));
  }

  private async persist(
    serverSubject: string,
    subject: string,
    payload: unknown,
    options: PublishOptions,
    step: 'publish' | 'enqueue',
  ) {
    const body = encodePayload(payload);
    const bytes = messageBytes(body, options.id, options.context);
    // Refused here, not by the server: a message that can never fit is not an outage and must not look like one.
    if (bytes > this.maxPayloadBytes()) throw payloadTooLarge(subject, bytes, this.maxPayloadBytes());
    await tracedSend('nats', step, subject, (trace) =>
      this.store(serverSubject, subject, body, options, trace),
    );
  }

  private async store(
    serverSubject: string,
    subject: string,
    body: string,
    options: PublishOptions,
    trace: TraceCarrier,
  ): Promise<void> {
    const store = () =>
      this.js.publish(serverSubject, encodeText(body), {
        msgID: options.id,
        headers: contextHeaders(options.context, trace),
      });
    try {
      await store().catch(async (error: unknown) => {
        // No stream takes the subject: the server lost its streams (restarted without its data). Recreate them.
        if (!isNatsError(error, ErrorCode.NoResponders)) throw error;
        await ensureStreams(this.jsm, this.names);
        await store();
      });
    } catch (error) {
      if (permissionDenied(error)) {
        throw new DomainError(
          'SERVICE_UNAVAILABLE',
          `${subject} could not be stored: this process may not publish it.`,
        );
      }
      this.logger.warn({ subject, id: options.id, err: error }, 'JetStream did not confirm a message');
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        `${subject} could not be stored: JetStream did not confirm it.`,
      );
    }
  }

  /** A durable subscription's event no handler can use: stored aside, then acked; if storing fails, tried again. */
  private async settleDeadEvent(
    message: JsMsg,
    error: unknown = 'Malformed event: its payload is not JSON',
    label: object = {},
  ): Promise<void> {
    try {
      await this.storeDeadEvent(message, error, label);
      this.settle(() => message.ack());
    } catch (storeError) {
      this.logger.warn({ ...label, sequence: message.seq, err: storeError }, 'Could not store a dead event');
      this.settle(() => message.nak(eventRetryDelayMs(message.info.deliveryCount)));
    }
  }

  /** For private subscriptions, which cannot have the event again: a failure to store it is only logged. */
  private async storeAside(message: JsMsg, error: unknown, label: object): Promise<void> {
    await this.storeDeadEvent(message, error, label).catch((storeError: unknown) =>
      this.logger.warn({ ...label, sequence: message.seq, err: storeError }, 'Could not store a dead event'),
    );
  }

  /** Logs, counts and stores an unusable event once, whichever subscriber (durable or private) found it. */
  private async storeDeadEvent(message: JsMsg, error: unknown, label: object): Promise<void> {
    const subject = this.names.busSubject(message.subject);
    const id = messageIdOf(message.headers);
    this.logger.warn(
      { ...label, subject, id, sequence: message.seq, err: error },
      'Unusable event moved to the dead letters',
    );
    eventsDeadLettered.inc({ subject });
    await this.dead.store({
      kind: 'event',
      source: subject,
      id,
      reason: error,
      attempts: message.info.deliveryCount,
      original: message.headers,
      data: message.data,
      key: `dead:event:${message.seq}`,
    });
  }

  /** A confirmed ack: the job is off the queue for good (and a failure to confirm is worth a log line). */
  private async confirmAck(message: JsMsg, label: object): Promise<void> {
    await message.ackAck().catch((error: unknown) => {
      this.logger.warn({ ...label, err: error }, 'Job ack not confirmed; it may be delivered again');
    });
  }

  /** The event a message carries; undefined if its payload is not JSON, which no NatsBus publishes. */
  private readEvent(message: JsMsg): BusEvent | undefined {
    const subject = this.names.busSubject(message.subject);
    const id = messageIdOf(message.headers);
    let payload: unknown;
    try {
      payload = decodePayload(decodeText(message.data));
    } catch {
      return undefined;
    }
    return { subject, id, sequence: message.seq, payload, context: contextFromHeaders(message.headers) };
  }

  /** Handles a delivered event or job in a `process` span under its sender's trace. */
  private traced<T>(message: JsMsg, destination: string, work: () => Promise<T>): Promise<T> {
    return tracedReceive('nats', 'process', destination, traceFromHeaders(message.headers), work);
  }

  private async recreate(ensureConsumer: () => Promise<void>): Promise<void> {
    await ensureStreams(this.jsm, this.names);
    await ensureConsumer();
  }

  /** Acks, naks and replies are best effort once the connection is gone: the server redelivers what was not acked. */
  private settle(send: () => void): void {
    try {
      send();
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not send to NATS');
    }
  }

  private assertOpen(): void {
    if (this.closing) throw busClosed();
  }

  /** Counted every time, logged once per operation and subject: a misconfigured permission would flood the log. */
  private reportPermissionDenied(denied: { operation: string; subject: string }): void {
    busPermissionDenied.inc(denied);
    const key = `${denied.operation} ${denied.subject}`;
    if (this.reportedDenials.has(key)) return;
    this.reportedDenials.add(key);
    this.logger.error(
      denied,
      'NATS refused this process permission: check its user in the server configuration',
    );
  }

  private async logConnectionStatus(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === Events.Disconnect) {
        this.connected = false;
        busConnected.set(0);
        this.logger.warn({ server: status.data }, 'NATS disconnected');
        this.interruptWaitingRequests();
      } else if (status.type === Events.Reconnect) {
        this.connected = true;
        busConnected.set(1);
        this.logger.info({ server: status.data }, 'NATS reconnected');
      } else if (status.type === Events.Error) {
        // Every refusal arrives here, whatever sent it (a request, a JetStream call, an ack, a subscription).
        const denied = status.permissionContext;
        if (denied) this.reportPermissionDenied({ operation: denied.operation, subject: denied.subject });
        else this.logger.error({ err: status.data }, 'NATS error');
      }
    }
  }
}

/** Whether the server refused this process permission for what failed (its user in the server configuration). */
function permissionDenied(error: unknown): boolean {
  return isNatsError(error, ErrorCode.PermissionsViolation);
}

function isNatsError(error: unknown, code: ErrorCode): boolean {
  return error instanceof NatsError && error.code === code;
}
