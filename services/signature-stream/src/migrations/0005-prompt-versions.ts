import { ServiceMigration } from '@promptloom/shared';

/**
 * Issue #19: every prompt version of the Stream page. Pages are read newest first by keyset (`id < cursor`), so
 * (user_id, id desc) serves a page, and (user_id, origin, id desc) a page of one origin, without an offset. A
 * search for a rare text goes through the trigram index instead of reading all of the user's versions
 * (bench/prompt-history.mjs).
 */
export class PromptVersions extends ServiceMigration {
  override up(): void {
    // The AI worker's migrations create it too; the database-wide migration lock keeps the two from racing.
    this.addSql('create extension if not exists pg_trgm with schema public');
    this.addSql(`create table ${this.table('prompt_versions')} (
      "id" bigserial primary key,
      "user_id" integer not null,
      "origin" varchar(20) not null,
      "prompt" text not null,
      "negative_prompt" text null,
      "snapshot" jsonb not null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(
      `create index "prompt_versions_user_newest" on ${this.table('prompt_versions')} ("user_id", "id" desc)`,
    );
    this.addSql(
      `create index "prompt_versions_user_origin_newest" on ${this.table('prompt_versions')} ("user_id", "origin", "id" desc)`,
    );
    this.addSql(
      `create index "prompt_versions_search_trgm" on ${this.table('prompt_versions')} using gin (lower("prompt") public.gin_trgm_ops)`,
    );
  }
}
