import { ServiceMigration } from '@promptloom/shared';
import { nameKeyOf } from '../lists/list-item.entity';

interface StoredItem {
  id: number;
  user_id: number;
  family: string;
  ai_response: string;
  ai_reason: string | null;
}

/**
 * One item per (user, family, normalised name), kept by a unique index so concurrent runs cannot both add a name
 * (writers insert with `on conflict do nothing`); and each list's version, which its change events carry. Items
 * stored twice before this are merged first: the oldest stays, takes a reason only the copy had, and takes the
 * copies' sub-elements. The key is `nameKeyOf`, computed here in JavaScript so it is the writers' own rule.
 */
export class UniqueListItems extends ServiceMigration {
  override async up(): Promise<void> {
    const items = this.table('list_items');
    await this.execute(`alter table ${items} add column "name_key" varchar(100) null`);
    const rows = (await this.execute(
      `select "id", "user_id", "family", "ai_response", "ai_reason" from ${items} order by "id"`,
    )) as StoredItem[];
    const kept = new Map<string, StoredItem>();
    const keyOf = new Map<number, string>();
    for (const row of rows) {
      const key = nameKeyOf(row.ai_response);
      const listKey = `${row.user_id}/${row.family}/${key}`;
      const first = kept.get(listKey);
      if (!first) {
        kept.set(listKey, row);
        keyOf.set(row.id, key);
        continue;
      }
      await this.mergeInto(first, row);
    }
    if (keyOf.size > 0) {
      await this.execute(
        `update ${items} set "name_key" = k."key" from json_to_recordset(?::json) as k("id" int, "key" text)
         where ${items}."id" = k."id"`,
        [JSON.stringify([...keyOf].map(([id, key]) => ({ id, key })))],
      );
    }
    await this.execute(`alter table ${items} alter column "name_key" set not null`);
    await this.execute(
      `create unique index "list_items_user_family_name_unique" on ${items} ("user_id", "family", "name_key")`,
    );
    await this.execute(`create table ${this.table('list_versions')} (
      "user_id" integer not null,
      "family" varchar(2) not null,
      "version" bigint not null default 0,
      primary key ("user_id", "family")
    )`);
  }

  private async mergeInto(first: StoredItem, copy: StoredItem): Promise<void> {
    if (first.ai_reason === null && copy.ai_reason !== null) {
      first.ai_reason = copy.ai_reason;
      await this.execute(`update ${this.table('list_items')} set "ai_reason" = ? where "id" = ?`, [
        copy.ai_reason,
        first.id,
      ]);
    }
    await this.execute(`update ${this.table('sub_elements')} set "element_id" = ? where "element_id" = ?`, [
      first.id,
      copy.id,
    ]);
    await this.execute(`delete from ${this.table('list_items')} where "id" = ?`, [copy.id]);
  }
}
