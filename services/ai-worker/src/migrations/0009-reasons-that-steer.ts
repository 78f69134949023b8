import { ServiceMigration } from '@promptloom/shared';

/**
 * Issue 19 "reasons that steer": when each item's reason was written (the newest steer first), and on each
 * provider call the reasons its prompt carried, so an admin sees them on the call's record.
 */
export class ReasonsThatSteer extends ServiceMigration {
  override up(): void {
    const items = this.table('list_items');
    this.addSql(`alter table ${items} add column "reason_at" timestamptz`);
    this.addSql(
      `update ${items} set "reason_at" = "updated_at" where "ai_reason" is not null and "ai_reason" <> ''`,
    );
    this.addSql(
      `create index "list_items_user_reasons" on ${items} ("user_id", "reason_at" desc) where "reason_at" is not null`,
    );
    this.addSql(
      `alter table ${this.table('ai_calls')} add column "reasons" jsonb not null default '[]'::jsonb`,
    );
  }
}
