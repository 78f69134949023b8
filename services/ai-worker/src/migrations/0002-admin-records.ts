import { ServiceMigration } from '@promptloom/shared';

/**
 * The admin record lists: users' names kept here (from the admin service's user events) and copied onto each list
 * item, so the server can search and sort every page by user name without reading another schema; and the indexes
 * that keep a searched page fast (bench/records-list.mjs).
 */
export class AdminRecords extends ServiceMigration {
  override up(): void {
    const items = this.table('list_items');
    const names = this.table('user_names');
    this.addSql('create extension if not exists pg_trgm with schema public');
    this.addSql(`create table ${names} (
      "user_id" integer primary key,
      "name" varchar(255) not null,
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql(`alter table ${items} add column "user_name" varchar(255) null`);
    // New items take the owner's name as they are inserted (the list writers need not know about it).
    this
      .addSql(`create function ${this.table('list_items_user_name')}() returns trigger language plpgsql as $fn$
      begin
        if new."user_name" is null then
          select "name" into new."user_name" from ${names} where "user_id" = new."user_id";
        end if;
        return new;
      end
    $fn$`);
    this.addSql(`create trigger "list_items_user_name" before insert on ${items}
      for each row execute function ${this.table('list_items_user_name')}()`);
    // Pages in id order per family, and the server-side search: one trigram index over the searched text.
    this.addSql(`create index "list_items_family_id_idx" on ${items} ("family", "id")`);
    this.addSql(`create index "list_items_family_user_name_idx" on ${items} ("family", "user_name", "id")`);
    this.addSql(`create index "list_items_search_trgm_idx" on ${items}
      using gin ((lower(coalesce("user_name", '') || ' ' || coalesce("ai_model", '') || ' ' || "ai_response")) public.gin_trgm_ops)`);
  }
}
