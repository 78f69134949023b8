import { ServiceMigration } from '@promptloom/shared';

/**
 * Reasons that came in with a signature pack before its import dated them have no `reason_at`, so they never
 * steered a Run: they are dated by their row's last change, as 0009 dated the reasons written before it.
 */
export class ImportedReasonsDated extends ServiceMigration {
  override up(): void {
    this.addSql(
      `update ${this.table('list_items')} set "reason_at" = "updated_at"
        where "reason_at" is null and btrim(coalesce("ai_reason", '')) <> ''`,
    );
  }
}
