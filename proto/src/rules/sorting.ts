/** SPEC §2, §4: the sidebars sort A-Z or Z-A. */
export const SORT_ORDERS = ['AZ', 'ZA'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * A case-insensitive, locale-aware comparison ('apple' = 'Apple', 'Éclair' between 'Eagle' and 'Fig', 'item 2'
 * before 'item 10'). The locale defaults to English rather than the machine's, so results are the same everywhere.
 */
export function compareItemText(a: string, b: string, locale = 'en'): number {
  return a.localeCompare(b, locale, { sensitivity: 'base', numeric: true });
}

/** A sorted copy; ties keep their original order in both directions. */
export function sortItems<T>(
  items: readonly T[],
  order: SortOrder,
  textOf: (item: T) => string = String,
  locale = 'en',
): T[] {
  const direction = order === 'AZ' ? 1 : -1;
  return [...items].sort((a, b) => direction * compareItemText(textOf(a), textOf(b), locale));
}

export const toggleSortOrder = (order: SortOrder): SortOrder => (order === 'AZ' ? 'ZA' : 'AZ');
