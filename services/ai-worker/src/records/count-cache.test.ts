import { deferred } from '@promptloom/shared/testing';
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

  it('shares one count between requests that miss at the same time', async () => {
    const cache = new CountCache(2000);
    const total = deferred<number>();
    let counted = 0;
    const heldCount = () => {
      counted += 1;
      return total.promise;
    };
    // All four miss while the first count is still running.
    const totals = Promise.all([1, 2, 3, 4].map(() => cache.get('a', heldCount, 0)));
    total.resolve(1);
    expect(await totals).toEqual([1, 1, 1, 1]);
    expect(counted).toBe(1);
  });

  it('does not keep a failed count', async () => {
    const cache = new CountCache(2000);
    await expect(cache.get('a', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(await cache.get('a', async () => 7, 1)).toBe(7);
  });
});
