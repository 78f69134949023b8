import { markKey, type ItemMark, type ItemWeight, type StreamSelection } from '@promptloom/proto';

/** A mark as the server keeps it: the item's name with its weight and "avoid". */
export interface MarkEntry {
  name: string;
  weight: number;
  avoid: boolean;
}

export const WEIGHTS: readonly ItemWeight[] = [-2, -1, 0, 1, 2];

const weightOf = (value: number): ItemWeight => WEIGHTS.find((weight) => weight === value) ?? 0;

export const markEntry = (name: string, weight: ItemWeight, avoid: boolean): MarkEntry => ({
  name,
  weight,
  avoid,
});

/** The marks keyed by lower-cased name, as renderPrompt reads them. */
export function marksByName(marks: readonly MarkEntry[]): Record<string, ItemMark> {
  return Object.fromEntries(
    marks.map((mark) => [
      markKey(mark.name),
      { weight: weightOf(mark.weight), avoid: mark.avoid, name: mark.name.trim() },
    ]),
  );
}

/** The names of the active selection that can be marked: types, pro items, elements and their sub-elements. */
export function markableNames(selection: StreamSelection): string[] {
  const names = [
    ...selection.types,
    ...selection.proItems,
    ...selection.elements.flatMap((element) => [element.name, ...element.subElements]),
  ];
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = markKey(name);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The words avoided without being in the selection (an import's `--no people`), as the marks keep them. */
export function avoidedOutside(names: readonly string[], marks: Record<string, ItemMark>): string[] {
  const inSelection = new Set(names.map(markKey));
  return Object.entries(marks)
    .filter(([key, mark]) => mark.avoid && !inSelection.has(key))
    .map(([key, mark]) => mark.name ?? key);
}
