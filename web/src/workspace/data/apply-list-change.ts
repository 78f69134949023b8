import { type ListChange, type ListItem } from './list-operations';

/** The list after a change: removed ids dropped, changed items replaced, added items appended (once each). */
export function applyListChange(
  items: readonly ListItem[],
  change: Pick<ListChange, 'added' | 'changed' | 'removedIds'>,
): ListItem[] {
  const removed = new Set(change.removedIds);
  const changed = new Map(change.changed.map((item) => [item.id, item]));
  const kept = items.filter((item) => !removed.has(item.id)).map((item) => changed.get(item.id) ?? item);
  const present = new Set(kept.map((item) => item.id));
  return [...kept, ...change.added.filter((item) => !present.has(item.id))];
}
