import { type EntityManager } from '@mikro-orm/postgresql';
import { type RequestContext } from '@promptloom/proto';
import { type Database } from '../db/database';
import { type ReplyEnvelope } from '../bus/reply-envelope';
import { type Logger } from '../logging';

/** Whose key it is and for what: a key is scoped to one actor and one operation. */
export interface KeyScope {
  actorId: number;
  operation: string;
  key: string;
  /** A hash of the parsed request: the same key with another request is refused. */
  fingerprint: string;
}

/** A committed key: its request's fingerprint and, once the first request answered, that answer. */
export interface StoredKey {
  fingerprint: string;
  outcome: ReplyEnvelope | null;
}

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** The `idempotency_keys` table of one service's schema (idempotency-migration.ts). */
export class IdempotencyKeys {
  private readonly table: string;

  constructor(
    readonly orm: Database,
    readonly logger?: Logger,
    private readonly ttlMs: number = IDEMPOTENCY_KEY_TTL_MS,
  ) {
    const schema = (orm.config.get('schema') as string | undefined) ?? 'public';
    this.table = `"${schema}"."idempotency_keys"`;
  }

  async find(scope: KeyScope): Promise<StoredKey | null> {
    const rows: Array<{ fingerprint: string; outcome: ReplyEnvelope | null }> = await this.orm.em
      .getConnection()
      .execute(
        `select "fingerprint", "outcome" from ${this.table}
         where "actor_id" = ? and "operation" = ? and "key" = ? and "expires_at" > now()`,
        [scope.actorId, scope.operation, scope.key],
      );
    return rows[0] ?? null;
  }

  /**
   * Takes the key inside the write's transaction. False when it is taken already: committed by an earlier request,
   * or by one committing now (the insert waits for it). An expired row is taken over.
   */
  async claim(tx: EntityManager, scope: KeyScope): Promise<boolean> {
    const rows: unknown[] = await tx.execute(
      `insert into ${this.table} ("actor_id", "operation", "key", "fingerprint", "expires_at")
       values (?, ?, ?, ?, now() + make_interval(secs => ?))
       on conflict ("actor_id", "operation", "key") do update
         set "fingerprint" = excluded."fingerprint", "outcome" = null, "created_at" = now(),
             "expires_at" = excluded."expires_at"
         where ${this.table}."expires_at" <= now()
       returning 1`,
      [scope.actorId, scope.operation, scope.key, scope.fingerprint, this.ttlMs / 1000],
    );
    return rows.length === 1;
  }

  /**
   * The answer a committed key gives every repeat from now on. The write is committed already, so a failure here is
   * logged, not answered: until the key expires, its repeats are told it is still being processed (409), and are
   * never applied again.
   */
  async saveOutcome(scope: KeyScope, outcome: ReplyEnvelope, context: RequestContext): Promise<void> {
    try {
      await this.orm.em
        .getConnection()
        .execute(
          `update ${this.table} set "outcome" = ?::jsonb where "actor_id" = ? and "operation" = ? and "key" = ?`,
          [JSON.stringify(outcome), scope.actorId, scope.operation, scope.key],
        );
    } catch (error) {
      this.logger?.warn(
        { err: error, operation: scope.operation, requestId: context.requestId },
        'Could not store the answer of a write made under an Idempotency-Key',
      );
    }
  }

  /** Deletes expired keys; returns how many. */
  async deleteExpired(): Promise<number> {
    const rows: unknown[] = await this.orm.em
      .getConnection()
      .execute(`delete from ${this.table} where "expires_at" <= now() returning 1`);
    return rows.length;
  }
}
