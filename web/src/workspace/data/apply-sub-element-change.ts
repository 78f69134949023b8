import { type SubElement } from './sub-element-operations';

/** The sub-elements after a change: removed ids dropped, changed ones replaced, added ones appended (once each). */
export function applySubElementChange(
  rows: readonly SubElement[],
  change: { added: SubElement[]; changed: SubElement[]; removedIds: number[] },
): SubElement[] {
  const removed = new Set(change.removedIds);
  const changed = new Map(change.changed.map((row) => [row.id, row]));
  const kept = rows.filter((row) => !removed.has(row.id)).map((row) => changed.get(row.id) ?? row);
  const present = new Set(kept.map((row) => row.id));
  return [...kept, ...change.added.filter((row) => !present.has(row.id))];
}
