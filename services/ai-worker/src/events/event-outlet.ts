import { type EntityManager } from '@mikro-orm/postgresql';
import { type EventDefinition, type PayloadOf, type RequestContext } from '@promptloom/proto';
import { recordEvent, type Bus, type Logger, type OutboxEntry } from '@promptloom/shared';

const recorded = new WeakMap<EntityManager, OutboxEntry[]>();

/** `recordEvent` (the outbox row, in the caller's transaction), remembered so the outlet can publish it at once. */
export function recordAiEvent<E extends EventDefinition>(
  tx: EntityManager,
  event: E,
  payload: PayloadOf<E>,
  context: RequestContext,
): void {
  const entry = recordEvent(tx, event, payload, context);
  recorded.set(tx, [...(recorded.get(tx) ?? []), entry]);
}

/**
 * Transactions whose events go out as soon as they commit. The outbox row is still written in the transaction and
 * published by the relay (a crash after the commit loses nothing); publishing it here first, under the outbox
 * row's event id, only saves the relay's round trip: the bus de-duplicates by that id, so subscribers get it once.
 */
export class EventOutlet {
  constructor(
    private readonly bus: Bus,
    private readonly wakeRelay: () => void,
    private readonly logger: Logger,
    /** false: leave events to the relay alone (and, with publishing off, in the outbox). */
    private readonly publishAtCommit: boolean,
  ) {}

  async transactional<T>(em: EntityManager, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    let entries: OutboxEntry[] = [];
    const result = await em.transactional(async (tx) => {
      const value = await work(tx);
      entries = recorded.get(tx) ?? [];
      return value;
    });
    this.afterCommit(entries);
    return result;
  }

  private afterCommit(entries: OutboxEntry[]): void {
    if (entries.length === 0) return;
    if (!this.publishAtCommit) {
      this.wakeRelay();
      return;
    }
    for (const entry of entries) {
      this.bus
        .publish(entry.subject, entry.payload, { id: entry.eventId, context: entry.context })
        .catch((error: unknown) => {
          this.logger.warn(
            { err: error, subject: entry.subject },
            'publishing at commit failed; the relay will',
          );
          this.wakeRelay();
        });
    }
  }
}
