import { ServiceMigration } from '@promptloom/shared';

/** Each user's Stream page settings (issue #18): the prompt target and the marks of the selection's items. */
export class StreamSettings extends ServiceMigration {
  override up(): void {
    this.addSql(`create table ${this.table('stream_settings')} (
      "user_id" integer primary key,
      "target" varchar(40) not null,
      "marks" jsonb not null default '[]',
      "version" integer not null default 0,
      "updated_at" timestamptz not null default now()
    )`);
  }
}
