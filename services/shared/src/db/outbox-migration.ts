import { ServiceMigration } from './migration';

/** Every service's schema has an outbox: events written in the same transaction as the rows they describe. */
export class CreateOutbox extends ServiceMigration {
  override up(): void {
    this.addSql(`create table if not exists ${this.table('outbox')} (
      "id" bigserial primary key,
      "event_id" uuid not null unique,
      "subject" text not null,
      "payload" jsonb not null,
      "context" jsonb not null default '{}'::jsonb,
      "created_at" timestamptz not null default now(),
      "published_at" timestamptz null
    )`);
    this.addSql(
      `create index if not exists "outbox_unpublished_idx" on ${this.table('outbox')} ("id") where "published_at" is null`,
    );
  }
}

export const outboxMigration = { name: '0000-create-outbox', class: CreateOutbox };

/**
 * Rows the relay could not publish after several tries are moved aside (`dead_at`), with their tries and last
 * error, so the rows behind them still flow (OutboxRelay).
 */
export class OutboxDeadRows extends ServiceMigration {
  override up(): void {
    const outbox = this.table('outbox');
    this.addSql(`alter table ${outbox} add column if not exists "attempts" integer not null default 0`);
    this.addSql(`alter table ${outbox} add column if not exists "last_error" text null`);
    this.addSql(`alter table ${outbox} add column if not exists "dead_at" timestamptz null`);
    this.addSql(
      `create index if not exists "outbox_pending_idx" on ${outbox} ("id") where "published_at" is null and "dead_at" is null`,
    );
  }
}

export const outboxDeadRowsMigration = { name: '0000-outbox-dead-rows', class: OutboxDeadRows };
