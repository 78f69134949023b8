import { type EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs one admin change in a transaction (the rows, their audit entry and their outbox event), then wakes the
 * outbox relay. Catalogue writes take one advisory lock, so checks such as "is this module still used" hold until
 * the commit; they are rare enough that serialising them costs nothing.
 */
export class ChangeWriter {
  constructor(
    private readonly em: () => EntityManager,
    private readonly afterCommit: () => void,
    private readonly lockName: string,
  ) {}

  async write<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.em().transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [this.lockName]);
      return work(tx);
    });
    this.afterCommit();
    return result;
  }
}
