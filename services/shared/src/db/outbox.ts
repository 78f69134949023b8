import { randomUUID } from 'node:crypto';
import { EntitySchema, type EntityManager } from '@mikro-orm/postgresql';
import { DomainError, type EventDefinition, type PayloadOf, type RequestContext } from '@promptloom/proto';
import { messageBytes } from '../bus/message-size';
import { encodePayload } from '../bus/payload-json';
import { currentTraceCarrier } from '../tracing/spans';
import { type TraceCarrier } from '../tracing/trace-carrier';

/** An outbox row's context: what travels with its event, and the trace of the request that recorded it. */
export type StoredContext = RequestContext & { trace?: TraceCarrier };

/** One event waiting to be published, written in the same transaction as the change it reports. */
export class OutboxEntry {
  id?: string;
  eventId: string;
  subject: string;
  payload: unknown;
  context: StoredContext;
  createdAt: Date = new Date();
  publishedAt: Date | null = null;

  constructor(subject: string, payload: unknown, context: StoredContext) {
    this.eventId = randomUUID();
    this.subject = subject;
    this.payload = payload;
    this.context = context;
  }
}

export const OutboxEntrySchema = new EntitySchema<OutboxEntry>({
  class: OutboxEntry,
  tableName: 'outbox',
  properties: {
    id: { type: 'bigint', primary: true, autoincrement: true },
    eventId: { type: 'uuid', fieldName: 'event_id', unique: true },
    subject: { type: 'text' },
    payload: { type: 'json' },
    context: { type: 'json' },
    createdAt: { type: 'datetime', fieldName: 'created_at', columnType: 'timestamptz' },
    publishedAt: { type: 'datetime', fieldName: 'published_at', columnType: 'timestamptz', nullable: true },
  },
});

/** The bus limit of each open OutboxWriter transaction; an event recorded anywhere else has no writer to check it. */
const openWrites = new WeakMap<EntityManager, { maxPayloadBytes: () => number }>();

/** Marks `tx` as an OutboxWriter transaction whose events must fit in `maxPayloadBytes()` (OutboxWriter only). */
export function openOutboxWrite(tx: EntityManager, limits: { maxPayloadBytes: () => number }): void {
  openWrites.set(tx, limits);
}

/**
 * Queues an event in the caller's unit of work: it is written by the same flush, in the same transaction, as the
 * rows it describes, and published afterwards by the OutboxRelay. Call it only inside `OutboxWriter.write(...)`,
 * with the `tx` it gives: an event that would not fit on the bus is refused there (422), so nothing is committed
 * that the relay could never publish.
 */
export function recordEvent<E extends EventDefinition>(
  em: EntityManager,
  event: E,
  payload: PayloadOf<E>,
  context: RequestContext = {},
): OutboxEntry {
  const write = openWrites.get(em);
  if (!write)
    throw new Error(`recordEvent(${event.subject}) outside OutboxWriter.write: use the writer's tx.`);
  const checked = event.payload.parse(payload);
  const entry = new OutboxEntry(event.subject, checked, pickPropagated(context));
  const bytes = messageBytes(encodePayload(checked), entry.eventId, entry.context);
  const maxBytes = write.maxPayloadBytes();
  if (bytes > maxBytes) {
    throw new DomainError(
      'BAD_USER_INPUT',
      'This change is too large to publish at once; send it in smaller parts.',
      {
        change: [`The change's event would be ${bytes} bytes; the bus takes at most ${maxBytes}.`],
      },
    );
  }
  em.persist(entry);
  return entry;
}
/**
 * Only what is useful downstream travels with an event: the request id and the actor; with tracing on, the trace
 * context too, so that the relay publishes the event within the trace of the request that caused it.
 */
function pickPropagated(context: RequestContext): StoredContext {
  const propagated: StoredContext = {};
  if (context.requestId) propagated.requestId = context.requestId;
  if (context.actor) propagated.actor = context.actor;
  const trace = currentTraceCarrier();
  if (trace.traceparent) propagated.trace = trace;
  return propagated;
}
