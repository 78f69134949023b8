import { ServiceMigration } from '@promptloom/shared';

/** Every admin create, update and delete: who, when, what, before and after. */
export class CreateAuditLog extends ServiceMigration {
  override up(): void {
    this.addSql(`create table ${this.table('audit_entries')} (
      "id" bigserial primary key,
      "actor_id" integer null,
      "entity" varchar(20) not null,
      "entity_id" integer not null,
      "action" varchar(10) not null check ("action" in ('created', 'updated', 'deleted')),
      "changed" jsonb not null,
      "before" jsonb null,
      "after" jsonb null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(
      `create index "audit_entries_entity_idx" on ${this.table('audit_entries')} ("entity", "entity_id")`,
    );
    this.addSql(`create index "audit_entries_actor_idx" on ${this.table('audit_entries')} ("actor_id")`);
  }
}
