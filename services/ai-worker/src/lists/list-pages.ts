import { type EntityManager } from '@mikro-orm/postgresql';
import { type ListFamily, type ListItem } from '@promptloom/proto';
import { ListItemRecord } from './list-item.entity';

/** Rows read per query while filling a page. */
const ROWS_PER_READ = 500;

export interface ListPage {
  items: ListItem[];
  /** The `after_id` of the next page; null when this page ends the list. */
  nextAfterId: number | null;
}

/**
 * The items of a list after `afterId`, in id order, as many as fit in `budgetBytes` of JSON (at least one), so a
 * reply over the bus stays under its largest message whatever the list's size.
 */
export async function listPageOf(
  em: EntityManager,
  target: { userId: number; family: ListFamily },
  afterId: number,
  budgetBytes: number,
): Promise<ListPage> {
  const items: ListItem[] = [];
  let used = 0;
  let cursor = afterId;
  for (;;) {
    const rows = await em.find(
      ListItemRecord,
      { userId: target.userId, family: target.family, id: { $gt: cursor } },
      { orderBy: { id: 'asc' }, limit: ROWS_PER_READ },
    );
    for (const row of rows) {
      const item = row.toView();
      const size = Buffer.byteLength(JSON.stringify(item)) + 1;
      if (items.length > 0 && used + size > budgetBytes) return { items, nextAfterId: cursor };
      items.push(item);
      used += size;
      cursor = item.id;
    }
    if (rows.length < ROWS_PER_READ) return { items, nextAfterId: null };
  }
}
