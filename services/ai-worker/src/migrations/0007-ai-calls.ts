import { ServiceMigration } from '@promptloom/shared';

/** Every provider call: who, why, what was sent and answered, tokens, latency, outcome, estimated cost. */
export class AiCalls extends ServiceMigration {
  override up(): void {
    const calls = this.table('ai_calls');
    this.addSql(`create table ${calls} (
      "id" bigserial primary key,
      "user_id" integer,
      "purpose" text not null,
      "model" text not null,
      "job_id" text,
      "messages" jsonb not null,
      "reply" text,
      "cut" boolean not null default false,
      "prompt_tokens" integer,
      "completion_tokens" integer,
      "cost_usd" numeric(18, 8),
      "latency_ms" integer not null,
      "outcome" text not null check ("outcome" in ('ok', 'failed', 'cancelled')),
      "failure" text,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(`create index "ai_calls_created" on ${calls} ("created_at" desc, "id" desc)`);
    this.addSql(`create index "ai_calls_user_created" on ${calls} ("user_id", "created_at" desc)`);
    this.addSql(`create index "ai_calls_job" on ${calls} ("job_id") where "job_id" is not null`);
  }
}
