import { ServiceMigration } from '@promptloom/shared';

/**
 * Issue #19 signature packs: read-only share links. Only a hash of each token is kept (the token is shown once);
 * the link holds the pack as it was shared, so later changes to the owner's lists are not revealed through it.
 */
export class SignaturePacks extends ServiceMigration {
  override up(): void {
    const links = this.table('pack_links');
    this.addSql(`create table ${links} (
      "id" serial primary key,
      "user_id" integer not null,
      "token_hash" char(64) not null,
      "code" varchar(300) not null,
      "pack" jsonb not null,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "revoked_at" timestamptz null
    )`);
    this.addSql(`create unique index "pack_links_token_hash_unique" on ${links} ("token_hash")`);
    this.addSql(`create index "pack_links_user_created" on ${links} ("user_id", "created_at" desc)`);
  }
}
