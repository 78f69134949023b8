/** A change to a list of rows with ids, as a live event carries it. */
export interface IdChange<Row extends { id: number }> {
  added: readonly Row[];
  changed: readonly Row[];
  removedIds: readonly number[];
}

/**
 * The rows after a change: removed ids dropped, changed rows replaced where they stand, added rows appended in the
 * order they came, each id once (a replayed event, or an id the change lists twice, adds nothing more).
 */
export function applyIdChange<Row extends { id: number }>(
  rows: readonly Row[],
  change: IdChange<Row>,
): Row[] {
  const removed = new Set(change.removedIds);
  const changed = new Map(change.changed.map((row) => [row.id, row]));
  const next = rows.filter((row) => !removed.has(row.id)).map((row) => changed.get(row.id) ?? row);
  const present = new Set(next.map((row) => row.id));
  for (const row of change.added) {
    if (present.has(row.id)) continue;
    present.add(row.id);
    next.push(row);
  }
  return next;
}
