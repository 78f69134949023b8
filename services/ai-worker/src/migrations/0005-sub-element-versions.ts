import { ServiceMigration } from '@promptloom/shared';

/** Each element's sub-element version: `subElementsUpdated` carries changes numbered by it. */
export class SubElementVersions extends ServiceMigration {
  override up(): void {
    this.addSql(`create table ${this.table('sub_element_versions')} (
      "element_id" integer primary key references ${this.table('list_items')} ("id") on delete cascade,
      "version" integer not null
    )`);
  }
}
