import { LEVEL_LABELS, levelLabel, nextLevel } from './levels';

describe('levels', () => {
  it('cycle 0 → 1 → 2 → 3 → 0', () => {
    expect(nextLevel(0)).toBe(1);
    expect(nextLevel(1)).toBe(2);
    expect(nextLevel(2)).toBe(3);
    expect(nextLevel(3)).toBe(0);
  });

  it("are labelled 1 = '1d', 2 = '1W', 3 = '1M' and 0 blank", () => {
    expect(LEVEL_LABELS).toEqual({ 0: '', 1: '1d', 2: '1W', 3: '1M' });
    expect(levelLabel(0)).toBe('');
    expect(levelLabel(2)).toBe('1W');
  });
});
