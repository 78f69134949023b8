import { CountCache } from './count-cache';

describe('CountCache', () => {
  it('counts once per key within the time, again after it or after clear()', async () => {
    const cache = new CountCache(2000);
    let counted = 0;
    const count = async () => ++counted;
    expect(await cache.get('a', count, 0)).toBe(1);
    expect(await cache.get('a', count, 1999)).toBe(1);
    expect(await cache.get('b', count, 1999)).toBe(2);
    expect(await cache.get('a', count, 2001)).toBe(3);
    cache.clear();
    expect(await cache.get('a', count, 2002)).toBe(4);
  });
});
