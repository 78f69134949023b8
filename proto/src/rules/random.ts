/** A source of numbers in [0, 1), like Math.random. Rules never call Math.random themselves: callers pass it in. */
export type RandomSource = () => number;

/** A whole number in [0, bound), robust to a source that returns exactly 1 or slightly more. */
export function randomIndex(random: RandomSource, bound: number): number {
  return Math.min(bound - 1, Math.max(0, Math.floor(random() * bound)));
}

/**
 * A uniformly random subset of `count` items (all of them when there are fewer), kept in their original order.
 * A partial Fisher–Yates shuffle over the indexes: only `count` swaps, whatever the length of the list.
 */
export function pickRandomSubset<T>(items: readonly T[], count: number, random: RandomSource): T[] {
  const wanted = Math.max(0, Math.floor(count));
  if (wanted >= items.length) return [...items];
  const indexes = items.map((_, index) => index);
  for (let slot = 0; slot < wanted; slot += 1) {
    const chosen = slot + randomIndex(random, indexes.length - slot);
    [indexes[slot], indexes[chosen]] = [indexes[chosen]!, indexes[slot]!];
  }
  return indexes
    .slice(0, wanted)
    .sort((a, b) => a - b)
    .map((index) => items[index]!);
}

/** A deterministic RandomSource (mulberry32) for reproducible runs and tests. */
export function createSeededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
