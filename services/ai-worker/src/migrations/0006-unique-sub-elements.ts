import { ServiceMigration } from '@promptloom/shared';

/**
 * One sub-element per (element, name ignoring case), kept by a unique index so parallel adds of one name store it
 * once (`on conflict do nothing`); duplicates stored before are merged into the oldest row first.
 */
export class UniqueSubElements extends ServiceMigration {
  override up(): void {
    const subElements = this.table('sub_elements');
    this.addSql(`delete from ${subElements} later using ${subElements} earlier
      where later."element_id" = earlier."element_id" and lower(later."name") = lower(earlier."name")
        and later."id" > earlier."id"`);
    this.addSql(
      `create unique index "sub_elements_element_name_unique" on ${subElements} ("element_id", lower("name"))`,
    );
  }
}
