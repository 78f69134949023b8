import { markKey } from '../targets';

interface NamedMark {
  name: string;
  weight: number;
  avoid: boolean;
}

/**
 * `marks` with each change applied: a change replaces the mark of its name (compared as `markKey` does);
 * weight 0 and not avoided removes it. The service stores this; the web shows it before the server answers.
 */
export function mergeMarks<M extends NamedMark>(marks: readonly M[], changes: readonly M[]): M[] {
  const byName = new Map(marks.map((mark) => [markKey(mark.name), mark]));
  for (const change of changes) {
    byName.delete(markKey(change.name));
    if (change.weight !== 0 || change.avoid) byName.set(markKey(change.name), change);
  }
  return [...byName.values()];
}
