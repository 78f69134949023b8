import { applyIdChange } from './apply-id-change';
import { type ListChange, type ListItem } from './list-operations';

/** The list after a change: removed ids dropped, changed items replaced, added items appended (once each). */
export function applyListChange(
  items: readonly ListItem[],
  change: Pick<ListChange, 'added' | 'changed' | 'removedIds'>,
): ListItem[] {
  return applyIdChange(items, change);
}
