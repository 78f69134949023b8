import type { ItemWeight } from '../targets/marks';
import type { ImportedPhrase } from './imported-prompt';

/** The most phrases one import reads; a longer paste keeps its first ones (and says so). */
export const MAX_IMPORTED_PHRASES = 200;

// Commas, semicolons, pipes, line breaks, sentence ends (a dot that is not a decimal point).
const CHUNK_SEPARATOR = /[,;|\r\n!?]+|\.(?!\d)/u;

/** Cleans a chunk's ends of quotes, brackets and other punctuation, and its spaces. */
export const tidyChunk = (text: string): string =>
  text
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .trim();

/** Splits text into its comma / sentence chunks, each with the given weight and "avoid". */
export function chunksOf(text: string, weight: ItemWeight, avoid: boolean): ImportedPhrase[] {
  return text
    .split(CHUNK_SEPARATOR)
    .map(tidyChunk)
    .filter((chunk) => chunk !== '')
    .map((chunk) => ({ text: chunk, weight, avoid }));
}

/** Drops case-insensitive repeats (the first one stays) and keeps at most MAX_IMPORTED_PHRASES. */
export function distinctPhrases(phrases: readonly ImportedPhrase[]): {
  phrases: ImportedPhrase[];
  cut: boolean;
} {
  const seen = new Set<string>();
  const kept: ImportedPhrase[] = [];
  for (const phrase of phrases) {
    const key = phrase.text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(phrase);
  }
  return { phrases: kept.slice(0, MAX_IMPORTED_PHRASES), cut: kept.length > MAX_IMPORTED_PHRASES };
}
