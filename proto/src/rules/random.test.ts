import { createSeededRandom, pickRandomSubset, randomIndex } from './random';

const letters = ['a', 'b', 'c', 'd', 'e'];

describe('pickRandomSubset (partial Fisher–Yates)', () => {
  it('returns every item, in order, when the count is not smaller than the list', () => {
    expect(pickRandomSubset(letters, 5, () => 0.5)).toEqual(letters);
    expect(pickRandomSubset(letters, 9, () => 0.5)).toEqual(letters);
  });

  it('returns a copy, never the input array', () => {
    const picked = pickRandomSubset(letters, 5, () => 0);
    expect(picked).not.toBe(letters);
  });

  it('takes the first items when the source always returns 0', () => {
    expect(pickRandomSubset(letters, 3, () => 0)).toEqual(['a', 'b', 'c']);
  });

  it('follows the swaps of the shuffle and keeps the original order of what it picked', () => {
    // slot 0 swaps with index 4, slot 1 then swaps with the last index again (which now holds 0).
    expect(pickRandomSubset(letters, 2, () => 0.9999)).toEqual(['a', 'e']);
  });

  it('copes with a source that returns exactly 1', () => {
    expect(pickRandomSubset(letters, 2, () => 1)).toEqual(['a', 'e']);
  });

  it('returns nothing for a zero or negative count', () => {
    expect(pickRandomSubset(letters, 0, () => 0.3)).toEqual([]);
    expect(pickRandomSubset(letters, -2, () => 0.3)).toEqual([]);
  });

  it('always returns exactly the count of distinct input items, in input order', () => {
    const random = createSeededRandom(7);
    for (let run = 0; run < 200; run += 1) {
      const picked = pickRandomSubset(letters, 3, random);
      expect(picked).toHaveLength(3);
      expect(new Set(picked).size).toBe(3);
      const positions = picked.map((item) => letters.indexOf(item));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('picks every item about equally often', () => {
    const random = createSeededRandom(42);
    const counts = new Map(letters.map((letter) => [letter, 0]));
    const runs = 10_000;
    for (let run = 0; run < runs; run += 1) {
      for (const item of pickRandomSubset(letters, 2, random)) counts.set(item, counts.get(item)! + 1);
    }
    const expected = (runs * 2) / letters.length;
    for (const count of counts.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.1);
  });
});

describe('randomIndex', () => {
  it('stays within [0, bound) whatever the source returns', () => {
    expect(randomIndex(() => 0, 4)).toBe(0);
    expect(randomIndex(() => 0.5, 4)).toBe(2);
    expect(randomIndex(() => 1, 4)).toBe(3);
    expect(randomIndex(() => -0.1, 4)).toBe(0);
  });
});

describe('createSeededRandom', () => {
  it('repeats the same sequence for the same seed and differs for another seed', () => {
    const first = createSeededRandom(1);
    const again = createSeededRandom(1);
    const other = createSeededRandom(2);
    const sequence = [first(), first(), first()];
    expect([again(), again(), again()]).toEqual(sequence);
    expect([other(), other(), other()]).not.toEqual(sequence);
  });

  it('returns numbers in [0, 1)', () => {
    const random = createSeededRandom(99);
    for (let i = 0; i < 1000; i += 1) {
      const value = random();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
