import { cutToFrequency, hasValidItemLength, uniqueIgnoringCase } from './items';
import { type RandomSource } from './random';

/**
 * SPEC §5: sub-element names are non-empty and under 30 characters; the excess is randomly trimmed to the
 * frequency. Names are only trimmed and their inner whitespace collapsed — unlike list items they are not
 * split or stripped of punctuation, so "Rim-light" stays whole. Case-insensitive repeats are dropped
 * (first spelling wins): a repeated name would be the same sub-element twice.
 */
export function cleanSubElementNames(
  names: readonly string[],
  options: { frequency: number; random: RandomSource },
): string[] {
  const kept = names.map((name) => name.replace(/\s+/gu, ' ').trim()).filter(hasValidItemLength);
  return cutToFrequency(
    uniqueIgnoringCase(kept, (name) => name.toLowerCase()),
    options.frequency,
    options.random,
  );
}
