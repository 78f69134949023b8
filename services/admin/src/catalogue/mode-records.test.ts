import { likeExactly } from './mode-records';

/** What ILIKE would match: the pattern turned into a regular expression, escapes honoured. */
function ilikeMatches(pattern: string, text: string): boolean {
  let source = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === '\\') source += (pattern[++index] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'is').test(text);
}

describe('likeExactly', () => {
  it('escapes %, _ and the backslash, and nothing else', () => {
    expect(likeExactly('100%_off\\now')).toBe('100\\%\\_off\\\\now');
    expect(likeExactly('Portrait (soft) [v2]')).toBe('Portrait (soft) [v2]');
  });

  it('makes a name match itself only, ignoring case as ILIKE does', () => {
    for (const name of ['a_b', '50%', 'back\\slash', 'Café']) {
      expect(ilikeMatches(likeExactly(name), name)).toBe(true);
      expect(ilikeMatches(likeExactly(name), name.toUpperCase())).toBe(true);
    }
    expect(ilikeMatches(likeExactly('a_b'), 'axb')).toBe(false);
    expect(ilikeMatches(likeExactly('50%'), '500')).toBe(false);
    expect(ilikeMatches('a_b', 'axb')).toBe(true);
  });

  it('leaves an empty name empty', () => {
    expect(likeExactly('')).toBe('');
  });
});
