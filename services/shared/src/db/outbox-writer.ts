import { type EntityManager } from '@mikro-orm/postgresql';
import { type Bus } from '../bus';
import { type Database } from './database';
import { openOutboxWrite } from './outbox';
import { idempotentCallWriting } from '../idempotency/idempotent-call';

export interface OutboxWriteOptions {
  /**
   * Serialises writes that take the same lock name until they commit (a transaction-level advisory lock), for
   * checks such as "is this module still used" that must hold until the commit.
   */
  lock?: string;
}

/**
 * The one way a service writes a change and its events (CONTRIBUTING.md): the rows and their outbox rows in one
 * transaction, `recordEvent(tx, …)` checking each event against the bus's largest message, then the relay woken to
 * publish them. A crash after the commit loses nothing: the relay publishes whatever is committed and unpublished.
 * Under a request's Idempotency-Key, the first write also takes the key in its transaction (idempotent-call.ts).
 */
export class OutboxWriter {
  constructor(
    private readonly orm: Database,
    private readonly bus: Pick<Bus, 'maxPayloadBytes'>,
    private readonly relay: { wake(): void },
  ) {}

  async write<T>(work: (tx: EntityManager) => Promise<T>, options: OutboxWriteOptions = {}): Promise<T> {
    const keyed = idempotentCallWriting(this.orm);
    let committed: (() => void) | undefined;
    const result = await this.orm.em
      .fork()
      .transactional(async (tx) => {
        openOutboxWrite(tx, this.bus);
        if (options.lock) await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [options.lock]);
        // The request's Idempotency-Key commits with its first write, or not at all.
        committed = await keyed?.claimIn(tx);
        return work(tx);
      })
      .catch((error: unknown) => {
        keyed?.released();
        throw error;
      });
    committed?.();
    this.relay.wake();
    return result;
  }

  /** The same writer with every write holding `lock` until its commit (see `OutboxWriteOptions.lock`). */
  withLock(lock: string): Pick<OutboxWriter, 'write'> {
    return { write: (work, options = {}) => this.write(work, { ...options, lock }) };
  }
}
