/** SPEC §2, §9: the letter picker has 26 letters, shown 6 at a time and paged by 6 (4 at a time on the home screen). */
export const ALPHABET: readonly string[] = Array.from({ length: 26 }, (_, index) =>
  String.fromCharCode(65 + index),
);
export const LETTER_WINDOW_SIZE = 6;
export const HOME_LETTER_WINDOW_SIZE = 4;

function checkWindowSize(windowSize: number): void {
  if (!Number.isInteger(windowSize) || windowSize < 1) {
    throw new RangeError(`A letter window holds at least one letter, got ${windowSize}`);
  }
}

/** How many pages the picker has: 5 for a window of 6 (the last page holds 'Y' and 'Z'). */
export function letterPageCount(windowSize = LETTER_WINDOW_SIZE): number {
  checkWindowSize(windowSize);
  return Math.ceil(ALPHABET.length / windowSize);
}

/** The letters shown on a page (0-based); a page outside the range is clamped to the first or last one. */
export function letterWindow(page: number, windowSize = LETTER_WINDOW_SIZE): string[] {
  const lastPage = letterPageCount(windowSize) - 1;
  const shown = Math.min(lastPage, Math.max(0, Math.floor(page) || 0));
  return ALPHABET.slice(shown * windowSize, (shown + 1) * windowSize);
}
