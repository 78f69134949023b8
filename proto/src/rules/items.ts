import { pickRandomSubset, type RandomSource } from './random';

/** SPEC §5, §9: a generated item is 1 to 29 characters long (names are "under 30 characters"). */
export const ITEM_MIN_LENGTH = 1;
export const ITEM_MAX_LENGTH = 29;

/**
 * SPEC §5: items are split on newlines, commas, bullets (• · * - – —), digits, dots and slashes.
 * Splitting on asterisks and slashes is also what strips them. Backslashes count as slashes.
 */
const ITEM_SEPARATORS = /[\r\n,•·*\-–—\d./\\]+/u;

/** A line ending with a colon ("Here are 5 types:") introduces the list; it is not an item. */
const HEADING_LINE = /:\s*$/u;

/**
 * The reply as separate candidate strings. A reply that is (or contains) a JSON array of strings is read as
 * that array; any other reply is split on the separators of SPEC §5.
 */
export function parseReplySegments(reply: string): string[] {
  const fromJson = jsonStringArray(reply);
  const lines = fromJson ?? reply.split(/\r?\n/u).filter((line) => !HEADING_LINE.test(line));
  return lines.flatMap((line) => line.split(ITEM_SEPARATORS));
}

function jsonStringArray(reply: string): string[] | null {
  const start = reply.indexOf('[');
  const end = reply.lastIndexOf(']');
  if (start < 0 || end <= start) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.slice(start, end + 1));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const strings = parsed.filter((entry): entry is string => typeof entry === 'string');
  return strings.length > 0 ? strings : null;
}

/**
 * One item cleaned of punctuation: letters (accented ones included), the spaces between the words of a
 * multiword item, and apostrophes *inside* a word ("Children's", "O'Keeffe") are kept — dropping those would
 * turn real words into misspellings. Everything else (quotes, brackets, symbols, emoji) is removed.
 */
export function cleanItemText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[‘’ʼ`]/gu, "'")
    .replace(/[^\p{L}\p{M}\s']/gu, '')
    .replace(/(?<!\p{L})'|'(?!\p{L})/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Length in characters as a person counts them (code points, after NFC), not UTF-16 units. */
export function itemLength(text: string): number {
  return [...text.normalize('NFC')].length;
}

export function hasValidItemLength(text: string): boolean {
  const length = itemLength(text);
  return length >= ITEM_MIN_LENGTH && length <= ITEM_MAX_LENGTH;
}

/** The key two items are compared by: case-insensitive, on their cleaned text. */
export function itemKey(text: string): string {
  return cleanItemText(text).toLowerCase();
}

/** Keeps the first spelling of every case-insensitive duplicate. */
export function uniqueIgnoringCase(
  items: readonly string[],
  key: (item: string) => string = itemKey,
): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const itemId = key(item);
    if (seen.has(itemId)) return false;
    seen.add(itemId);
    return true;
  });
}

export interface CleanItemsOptions {
  /** How many items to keep at most; when more remain, a random subset of exactly this many. Omitted: all. */
  frequency?: number;
  /** Items already stored for the user; matching items are dropped (case-insensitively). */
  existing?: readonly string[];
  random: RandomSource;
}

/**
 * SPEC §5 generated-item cleaning: split, clean, keep 1–29 characters, de-duplicate case-insensitively (first
 * spelling wins), drop already stored items, then cut to the frequency with a random subset in original order.
 * An array is taken as the reply already parsed (e.g. a JSON body); each entry still goes through every step.
 */
export function cleanGeneratedItems(reply: string | readonly string[], options: CleanItemsOptions): string[] {
  const segments = typeof reply === 'string' ? parseReplySegments(reply) : reply.flatMap(parseReplySegments);
  const stored = new Set((options.existing ?? []).map(itemKey));
  const candidates = uniqueIgnoringCase(segments.map(cleanItemText).filter(hasValidItemLength)).filter(
    (item) => !stored.has(itemKey(item)),
  );
  return cutToFrequency(candidates, options.frequency, options.random);
}

/** The list itself when it fits, otherwise a random subset of `frequency` items in original order. */
export function cutToFrequency<T>(
  items: readonly T[],
  frequency: number | undefined,
  random: RandomSource,
): T[] {
  if (frequency === undefined) return [...items];
  return pickRandomSubset(items, Number.isNaN(frequency) ? 0 : frequency, random);
}
