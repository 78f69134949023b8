import { ServiceMigration } from './migration';

/**
 * Every service's schema keeps the Idempotency-Keys of the writes it committed (README "Retrying a write safely"):
 * one row per actor, operation and key, claimed in the write's own transaction, with the answer it gave.
 */
export class CreateIdempotencyKeys extends ServiceMigration {
  override up(): void {
    const table = this.table('idempotency_keys');
    this.addSql(`create table if not exists ${table} (
      "actor_id" integer not null,
      "operation" text not null,
      "key" text not null,
      "fingerprint" text not null,
      "outcome" jsonb null,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      primary key ("actor_id", "operation", "key")
    )`);
    this.addSql(`create index if not exists "idempotency_keys_expires_idx" on ${table} ("expires_at")`);
  }
}

export const idempotencyKeysMigration = { name: '0000-idempotency-keys', class: CreateIdempotencyKeys };
