import { Limit, MEMORY_LIMIT_STORE, createLogger } from '@promptloom/shared';
import { LimitHeadroom } from './limit-headroom';

const limitOf = (points: number) =>
  new Limit(
    MEMORY_LIMIT_STORE,
    {
      name: `headroom_${Math.random().toString(36).slice(2)}`,
      points,
      windowSeconds: 60,
      whenStoreDown: 'open',
    },
    createLogger('test', 'silent'),
  );

describe('LimitHeadroom over the memory store (one process)', () => {
  it('passes requests far from the limit at once and still allows exactly the limit', async () => {
    const headroom = new LimitHeadroom(limitOf(50));
    // A key not seen in this window is counted first: nothing to pass at once on.
    expect(headroom.takeAtOnce('user:1')).toBeUndefined();
    expect((await headroom.take('user:1')).allowed).toBe(true);

    let atOnce = 0;
    let allowed = 1;
    for (let request = 0; request < 60; request++) {
      const passedAtOnce = headroom.takeAtOnce('user:1');
      if (passedAtOnce) atOnce += 1;
      const outcome = passedAtOnce ?? (await headroom.take('user:1'));
      if (outcome.allowed) allowed += 1;
    }
    expect(allowed).toBe(50);
    // All but the first and the last tenth (5 points) of the limit, which wait for the count.
    expect(atOnce).toBe(44);
    // The background counts all landed in the store, which refuses the next one too.
    const refused = await headroom.take('user:1');
    expect(refused).toMatchObject({ allowed: false });
  });

  it('keeps each key to itself', async () => {
    const headroom = new LimitHeadroom(limitOf(3));
    for (let request = 0; request < 3; request++) expect((await headroom.take('user:1')).allowed).toBe(true);
    expect((await headroom.take('user:1')).allowed).toBe(false);
    expect((await headroom.take('user:2')).allowed).toBe(true);
  });
});
