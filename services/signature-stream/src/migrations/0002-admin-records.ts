import { ServiceMigration } from '@promptloom/shared';

/** Admins may set a saved signature Deactive (status '0') on the BR screen; pages in id order stay indexed. */
export class AdminRecords extends ServiceMigration {
  override up(): void {
    const signatures = this.table('signatures');
    this.addSql(`alter table ${signatures} drop constraint if exists "signatures_status_check"`);
    this.addSql(
      `alter table ${signatures} add constraint "signatures_status_check" check ("status" in ('0', '1'))`,
    );
    this.addSql(`create index "signatures_username_idx" on ${signatures} (lower("username"), "id")`);
  }
}
