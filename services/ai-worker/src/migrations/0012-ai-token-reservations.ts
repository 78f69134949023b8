import { ServiceMigration } from '@promptloom/shared';

/**
 * Each user's tokens per UTC day, settled and reserved, and the reservations of the calls under way (the token limit
 * is checked and taken by one conditional update of the day's row). Today's recorded tokens are carried over, so the
 * upgrade does not hand the day out again.
 */
export class AiTokenReservations extends ServiceMigration {
  override up(): void {
    const days = this.table('ai_token_days');
    const reservations = this.table('ai_quota_reservations');
    this.addSql(`create table ${days} (
      "user_id" integer not null,
      "day" date not null,
      "used" bigint not null default 0,
      "reserved" bigint not null default 0 check ("reserved" >= 0),
      primary key ("user_id", "day")
    )`);
    this.addSql(`create table ${reservations} (
      "id" text primary key,
      "user_id" integer not null,
      "day" date not null,
      "tokens" integer not null check ("tokens" >= 0),
      "answered" boolean not null default false,
      "expires_at" timestamptz not null
    )`);
    this.addSql(
      `create index "ai_quota_reservations_user_expires" on ${reservations} ("user_id", "expires_at")`,
    );
    this.addSql(`insert into ${days} ("user_id", "day", "used")
      select "user_id", (now() at time zone 'utc')::date,
        sum(coalesce("prompt_tokens", 0) + coalesce("completion_tokens", 0))
      from ${this.table('ai_calls')}
      where "user_id" is not null and "created_at" >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'
      group by "user_id"`);
  }
}
