/** Lower-case without accents, so 'é' matches 'e' when searching and picking letters. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface ItemFilter {
  /** Kept when the item contains this text, ignoring case and accents; blank means no filter. */
  search?: string | null;
  /** Kept when the item starts with this letter, ignoring case and accents; blank means no filter. */
  letter?: string | null;
}

/** SPEC §2: the sidebar list filtered by the search box and the letter picker. */
export function filterItems<T>(
  items: readonly T[],
  filter: ItemFilter,
  textOf: (item: T) => string = String,
): T[] {
  const search = foldText(filter.search?.trim() ?? '');
  const letter = foldText(filter.letter?.trim() ?? '');
  return items.filter((item) => {
    const text = foldText(textOf(item).trim());
    return (!search || text.includes(search)) && (!letter || text.startsWith(letter));
  });
}

/** SPEC §2: the add button appears only when the search text (non-blank) matches nothing. */
export function showsAddButton<T>(
  items: readonly T[],
  search: string | null | undefined,
  textOf: (item: T) => string = String,
): boolean {
  return !!search?.trim() && filterItems(items, { search }, textOf).length === 0;
}
