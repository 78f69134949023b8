import { ServiceMigration } from '@promptloom/shared';

/** Modules, modes (a name and its modules, one link row per selected module) and mode types. */
export class CreateCatalogue extends ServiceMigration {
  override up(): void {
    this.addSql(`create table ${this.table('modules')} (
      "id" serial primary key,
      "name" varchar(100) not null,
      "status" varchar(10) not null default 'Active' check ("status" in ('Active', 'Inactive')),
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql(`create unique index "modules_name_unique" on ${this.table('modules')} (lower("name"))`);
    this.addSql(`create table ${this.table('modes')} (
      "id" serial primary key,
      "name" varchar(100) not null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql(`create unique index "modes_name_unique" on ${this.table('modes')} (lower("name"))`);
    this.addSql(`create table ${this.table('mode_modules')} (
      "id" serial primary key,
      "mode_id" integer not null references ${this.table('modes')} ("id") on delete cascade,
      "module_id" integer not null references ${this.table('modules')} ("id") on delete restrict,
      unique ("mode_id", "module_id")
    )`);
    this.addSql(`create index "mode_modules_module_idx" on ${this.table('mode_modules')} ("module_id")`);
    this.addSql(`create table ${this.table('mode_types')} (
      "id" serial primary key,
      "top_left" varchar(255) not null,
      "top_right" varchar(255) not null,
      "mode_id" integer not null references ${this.table('modes')} ("id") on delete restrict,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql(`create unique index "mode_types_unique" on ${this.table('mode_types')}
      ("mode_id", lower("top_left"), lower("top_right"))`);
  }
}
