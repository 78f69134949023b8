import { randomUUID } from 'node:crypto';
import { EntitySchema, type EntityManager } from '@mikro-orm/postgresql';
import { type EventDefinition, type PayloadOf, type RequestContext } from '@promptloom/proto';

/** One event waiting to be published, written in the same transaction as the change it reports. */
export class OutboxEntry {
  id?: string;
  eventId: string;
  subject: string;
  payload: unknown;
  context: RequestContext;
  createdAt: Date = new Date();
  publishedAt: Date | null = null;

  constructor(subject: string, payload: unknown, context: RequestContext) {
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

/**
 * Queues an event in the caller's unit of work: it is written by the same flush, in the same transaction, as the
 * rows it describes, and published afterwards by the OutboxRelay. Call it inside `em.transactional(...)`.
 */
export function recordEvent<E extends EventDefinition>(
  em: EntityManager,
  event: E,
  payload: PayloadOf<E>,
  context: RequestContext = {},
): OutboxEntry {
  const checked = event.payload.parse(payload);
  const entry = new OutboxEntry(event.subject, checked, pickPropagated(context));
  em.persist(entry);
  return entry;
}

/** Only what is useful downstream travels with an event: the request id and the actor. */
function pickPropagated(context: RequestContext): RequestContext {
  const propagated: RequestContext = {};
  if (context.requestId) propagated.requestId = context.requestId;
  if (context.actor) propagated.actor = context.actor;
  return propagated;
}
