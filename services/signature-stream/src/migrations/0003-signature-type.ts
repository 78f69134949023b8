import { ServiceMigration } from '@promptloom/shared';

/** The type of the BR code a signature is saved from, so its code ('CRPHO-…') names it exactly. */
export class SignatureType extends ServiceMigration {
  override up(): void {
    this.addSql(`alter table ${this.table('signatures')} add column "type" varchar(100) null`);
  }
}
