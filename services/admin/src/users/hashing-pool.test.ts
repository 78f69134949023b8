import { DomainError } from '@promptloom/proto';
import { deferred } from '@promptloom/shared/testing';
import { HASHING_BUSY_MESSAGE, HashingPool, type HashPriority } from './hashing-pool';

/** A hash the test ends when it wants: `started` once it has a place, `end()` to finish it. */
function hashIn(pool: HashingPool, priority: HashPriority, order: string[] = [], name: string = priority) {
  const gate = deferred();
  let started = false;
  const done = pool.run(async () => {
    started = true;
    order.push(name);
    await gate.promise;
  }, priority);
  done.catch(() => undefined);
  return { done, end: () => gate.resolve(), isStarted: () => started };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

async function refusalOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('HashingPool', () => {
  it('gives guesses at most threads - 1 places, so another sign-in finds one free at once', async () => {
    const pool = new HashingPool({ threads: 2, queue: 8, maxWaitMs: 60_000 });
    const guesses = [hashIn(pool, 'guessing'), hashIn(pool, 'guessing'), hashIn(pool, 'guessing')];
    await settle();
    expect(pool.state).toEqual({ running: 1, waiting: 2 });

    const user = hashIn(pool, 'normal');
    await settle();
    expect(user.isStarted()).toBe(true);
    expect(pool.state).toEqual({ running: 2, waiting: 2 });
    user.end();
    await user.done;
    for (const guess of guesses) guess.end();
    await Promise.all(guesses.map((guess) => guess.done));
    expect(pool.state).toEqual({ running: 0, waiting: 0 });
  });

  it('hands a freed place to a waiting sign-in before a waiting guess', async () => {
    const pool = new HashingPool({ threads: 1, queue: 8, maxWaitMs: 60_000 });
    const order: string[] = [];
    const first = hashIn(pool, 'normal', order, 'first');
    const guess = hashIn(pool, 'guessing', order, 'guess');
    const user = hashIn(pool, 'normal', order, 'user');
    await settle();
    first.end();
    await first.done;
    await settle();
    expect(order).toEqual(['first', 'user']);
    user.end();
    await user.done;
    await settle();
    expect(order).toEqual(['first', 'user', 'guess']);
    guess.end();
    await guess.done;
  });

  it('with the queue full, a sign-in takes the place of the newest waiting guess, which is refused', async () => {
    const pool = new HashingPool({ threads: 1, queue: 2, maxWaitMs: 60_000 });
    const running = hashIn(pool, 'normal');
    const olderGuess = hashIn(pool, 'guessing');
    const newerGuess = hashIn(pool, 'guessing');
    await settle();
    const user = hashIn(pool, 'normal');
    expect((await refusalOf(newerGuess.done)).code).toBe('TOO_MANY_REQUESTS');
    expect(pool.state).toEqual({ running: 1, waiting: 2 });
    // A guess finds the queue full and is refused; nothing else moves.
    expect((await refusalOf(hashIn(pool, 'guessing').done)).message).toBe(HASHING_BUSY_MESSAGE);
    running.end();
    await running.done;
    await settle();
    expect(user.isStarted()).toBe(true);
    user.end();
    await user.done;
    await settle();
    expect(olderGuess.isStarted()).toBe(true);
    olderGuess.end();
    await olderGuess.done;
  });

  describe('the expected wait, from recent hash times', () => {
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
    afterEach(() => jest.useRealTimers());

    it('refuses at once a hash expected to end past maxWaitMs, with its wait as Retry-After', async () => {
      const pool = new HashingPool({ threads: 1, queue: 32, maxWaitMs: 2500 });
      const measured = hashIn(pool, 'normal');
      await settle();
      jest.advanceTimersByTime(1000);
      measured.end();
      await measured.done;

      const running = hashIn(pool, 'normal');
      const waiting = hashIn(pool, 'normal');
      await settle();
      // The running hash ends in about 1 s, the waiting one 1 s after: a third would wait 2 s and end after 3 s.
      const refusal = await refusalOf(hashIn(pool, 'normal').done);
      expect(refusal.code).toBe('TOO_MANY_REQUESTS');
      expect(refusal.retryAfterSeconds).toBe(2);
      expect(pool.state).toEqual({ running: 1, waiting: 1 });

      running.end();
      await running.done;
      await settle();
      expect(waiting.isStarted()).toBe(true);
      waiting.end();
      await waiting.done;
    });

    it('answers 429 for a hash not done within maxWaitMs; its place stays taken until it ends', async () => {
      const pool = new HashingPool({ threads: 1, queue: 32, maxWaitMs: 2500 });
      const slow = hashIn(pool, 'normal');
      await settle();
      jest.advanceTimersByTime(2499);
      await settle();
      expect(pool.state).toEqual({ running: 1, waiting: 0 });
      jest.advanceTimersByTime(1);
      expect((await refusalOf(slow.done)).code).toBe('TOO_MANY_REQUESTS');
      expect(pool.state).toEqual({ running: 1, waiting: 0 });
      slow.end();
      await settle();
      expect(pool.state).toEqual({ running: 0, waiting: 0 });
    });

    it('refuses a hash still waiting when it could no longer end within maxWaitMs', async () => {
      const pool = new HashingPool({ threads: 1, queue: 32, maxWaitMs: 2500 });
      const measured = hashIn(pool, 'normal');
      await settle();
      jest.advanceTimersByTime(1000);
      measured.end();
      await measured.done;

      const running = hashIn(pool, 'normal');
      const waiting = hashIn(pool, 'normal');
      await settle();
      // Expected to wait 1 s; still waiting after 1.5 s, it could no longer end within 2.5 s.
      jest.advanceTimersByTime(1499);
      await settle();
      expect(pool.state).toEqual({ running: 1, waiting: 1 });
      jest.advanceTimersByTime(1);
      expect((await refusalOf(waiting.done)).code).toBe('TOO_MANY_REQUESTS');
      expect(waiting.isStarted()).toBe(false);
      expect(pool.state).toEqual({ running: 1, waiting: 0 });
      running.end();
      await running.done;
    });
  });
});
