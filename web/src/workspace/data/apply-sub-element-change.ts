import { applyIdChange } from './apply-id-change';
import { type SubElement } from './sub-element-operations';

/** The sub-elements after a change: removed ids dropped, changed ones replaced, added ones appended (once each). */
export function applySubElementChange(
  rows: readonly SubElement[],
  change: { added: SubElement[]; changed: SubElement[]; removedIds: number[] },
): SubElement[] {
  return applyIdChange(rows, change);
}
