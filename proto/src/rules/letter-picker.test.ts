import {
  ALPHABET,
  HOME_LETTER_WINDOW_SIZE,
  LETTER_WINDOW_SIZE,
  letterPageCount,
  letterWindow,
} from './letter-picker';

describe('letter picker', () => {
  it('has 26 letters, a window of 6, and 4 on the home screen', () => {
    expect(ALPHABET).toHaveLength(26);
    expect(ALPHABET[0]).toBe('A');
    expect(ALPHABET[25]).toBe('Z');
    expect(LETTER_WINDOW_SIZE).toBe(6);
    expect(HOME_LETTER_WINDOW_SIZE).toBe(4);
  });

  it('pages by 6: 5 pages, the last holding Y and Z', () => {
    expect(letterPageCount()).toBe(5);
    expect(letterWindow(0)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(letterWindow(1)).toEqual(['G', 'H', 'I', 'J', 'K', 'L']);
    expect(letterWindow(4)).toEqual(['Y', 'Z']);
  });

  it('pages by 4 on the home screen: 7 pages', () => {
    expect(letterPageCount(HOME_LETTER_WINDOW_SIZE)).toBe(7);
    expect(letterWindow(6, HOME_LETTER_WINDOW_SIZE)).toEqual(['Y', 'Z']);
  });

  it('clamps a page outside the range', () => {
    expect(letterWindow(-1)).toEqual(letterWindow(0));
    expect(letterWindow(99)).toEqual(['Y', 'Z']);
    expect(letterWindow(Number.NaN)).toEqual(letterWindow(0));
  });

  it('refuses a window smaller than one letter', () => {
    expect(() => letterPageCount(0)).toThrow(RangeError);
  });
});
