import { ServiceMigration } from '@promptloom/shared';

/**
 * Issue 19 "reasons that steer", for sub-elements: when each sub-element's reason was written, so the newest reasons
 * on an element's sub-elements steer the generation of that element's sub-elements first.
 */
export class SubElementReasons extends ServiceMigration {
  override up(): void {
    const subElements = this.table('sub_elements');
    this.addSql(`alter table ${subElements} add column "reason_at" timestamptz`);
    this.addSql(
      `update ${subElements} set "reason_at" = "created_at" where "reason" is not null and btrim("reason") <> ''`,
    );
    this.addSql(
      `create index "sub_elements_element_reasons" on ${subElements} ("element_id", "reason_at" desc) where "reason_at" is not null`,
    );
  }
}
