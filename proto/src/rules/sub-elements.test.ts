import { createSeededRandom } from './random';
import { cleanSubElementNames } from './sub-elements';

describe('cleanSubElementNames', () => {
  const first = () => 0;

  it('drops empty names and names of 30 characters or more', () => {
    const names = ['Soft light', '   ', '', 'x'.repeat(29), 'y'.repeat(30)];
    expect(cleanSubElementNames(names, { frequency: 10, random: first })).toEqual([
      'Soft light',
      'x'.repeat(29),
    ]);
  });

  it('trims names and keeps their punctuation', () => {
    expect(cleanSubElementNames(['  Rim-light ', 'Low  key'], { frequency: 10, random: first })).toEqual([
      'Rim-light',
      'Low key',
    ]);
  });

  it('drops case-insensitive repeats', () => {
    expect(cleanSubElementNames(['Haze', 'haze', 'Glow'], { frequency: 10, random: first })).toEqual([
      'Haze',
      'Glow',
    ]);
  });

  it('randomly trims the excess to exactly the frequency', () => {
    const names = ['A1', 'B2', 'C3', 'D4', 'E5', 'F6', 'G7', 'H8'];
    expect(cleanSubElementNames(names, { frequency: 3, random: first })).toEqual(['A1', 'B2', 'C3']);
    const random = createSeededRandom(3);
    const seen = new Set<string>();
    for (let run = 0; run < 30; run += 1) {
      const picked = cleanSubElementNames(names, { frequency: 6, random });
      expect(picked).toHaveLength(6);
      picked.forEach((name) => seen.add(name));
    }
    expect(seen.size).toBe(names.length);
  });
});
