import { ServiceMigration } from '@promptloom/shared';

/** The four lists, sub-elements, agent settings, selections, and the ledger of applied generation jobs. */
export class CreateLists extends ServiceMigration {
  override up(): void {
    this.addSql(`create table ${this.table('list_items')} (
      "id" serial primary key,
      "user_id" integer not null,
      "family" varchar(2) not null check ("family" in ('tl', 'tr', 'bl', 'br')),
      "ai_response" varchar(100) not null,
      "ai_reason" text null,
      "levels" smallint not null default 0,
      "ai_model" varchar(100) null,
      "frequency" integer null,
      "agent_role" varchar(500) null,
      "name" varchar(255) null,
      "category" varchar(100) null,
      "status" smallint not null default 1 check ("status" in (0, 1)),
      "job_id" varchar(64) null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql(
      `create index "list_items_user_family_idx" on ${this.table('list_items')} ("user_id", "family")`,
    );
    this.addSql(`create table ${this.table('agent_settings')} (
      "id" serial primary key,
      "user_id" integer not null,
      "family" varchar(2) not null,
      "ai_model" varchar(100) null,
      "frequency" integer null,
      "agent_role" varchar(500) null,
      "name" varchar(255) null,
      "levels" smallint not null default 0,
      "date" date null,
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql(
      `create unique index "agent_settings_user_family_unique" on ${this.table('agent_settings')} ("user_id", "family")`,
    );
    this.addSql(`create table ${this.table('sub_elements')} (
      "id" serial primary key,
      "element_id" integer not null references ${this.table('list_items')} ("id") on delete cascade,
      "user_id" integer not null,
      "name" varchar(100) not null,
      "bl_name" varchar(100) not null,
      "reason" text null,
      "job_id" varchar(64) null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(`create index "sub_elements_element_idx" on ${this.table('sub_elements')} ("element_id")`);
    this.addSql(`create index "sub_elements_user_idx" on ${this.table('sub_elements')} ("user_id")`);
    this.addSql(`create table ${this.table('selections')} (
      "user_id" integer primary key,
      "document" jsonb not null,
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql(`create table ${this.table('applied_jobs')} (
      "job_id" varchar(64) primary key,
      "user_id" integer not null,
      "outcome" varchar(20) not null,
      "applied_at" timestamptz not null default now()
    )`);
  }
}
