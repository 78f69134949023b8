import { type EntityManager } from '@mikro-orm/postgresql';
import { type ListFamily, type ListItem, type SubElement } from '@promptloom/proto';
import { ListItemRecord } from './list-item.entity';
import { SubElementRecord } from './sub-element.entity';

/** Rows read per query while filling a page. */
const ROWS_PER_READ = 500;

export interface Page<Row> {
  items: Row[];
  /** The `after_id` of the next page; null when this page ends the list. */
  nextAfterId: number | null;
}

export type ListPage = Page<ListItem>;

/**
 * The rows after `afterId`, in id order, as many as fit in `budgetBytes` of JSON (at least one), so a reply over
 * the bus stays under its largest message whatever the number of rows.
 */
async function pageOf<Row extends { id: number }>(
  readAfter: (cursor: number, limit: number) => Promise<Row[]>,
  afterId: number,
  budgetBytes: number,
): Promise<Page<Row>> {
  const items: Row[] = [];
  let used = 0;
  let cursor = afterId;
  for (;;) {
    const rows = await readAfter(cursor, ROWS_PER_READ);
    for (const row of rows) {
      const size = Buffer.byteLength(JSON.stringify(row)) + 1;
      if (items.length > 0 && used + size > budgetBytes) return { items, nextAfterId: cursor };
      items.push(row);
      used += size;
      cursor = row.id;
    }
    if (rows.length < ROWS_PER_READ) return { items, nextAfterId: null };
  }
}

/** A page of one list of a user. */
export function listPageOf(
  em: EntityManager,
  target: { userId: number; family: ListFamily },
  afterId: number,
  budgetBytes: number,
): Promise<ListPage> {
  const read = async (cursor: number, limit: number) => {
    const where = { userId: target.userId, family: target.family, id: { $gt: cursor } };
    const rows = await em.find(ListItemRecord, where, { orderBy: { id: 'asc' }, limit });
    return rows.map((row) => row.toView());
  };
  return pageOf(read, afterId, budgetBytes);
}

/** A page of a user's sub-elements, of all their elements, in one query per page (the import preview's read). */
export function userSubElementPageOf(
  em: EntityManager,
  userId: number,
  afterId: number,
  budgetBytes: number,
): Promise<Page<SubElement>> {
  const read = async (cursor: number, limit: number) => {
    const where = { userId, id: { $gt: cursor } };
    const rows = await em.find(SubElementRecord, where, { orderBy: { id: 'asc' }, limit });
    return rows.map((row) => row.toView());
  };
  return pageOf(read, afterId, budgetBytes);
}
