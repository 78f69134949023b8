import { PermanentFailure, decideAfterFailure, isPastDeadline } from './job-retries';

describe('what happens to a failed job', () => {
  const settings = { retryForMs: 60_000, retryMinDelayMs: 1_000, retryMaxDelayMs: 8_000 };

  it('retries with a doubling delay, capped', () => {
    const delays = [1, 2, 3, 4, 5, 6].map((attempt) =>
      decideAfterFailure(new Error('x'), attempt, 0, settings),
    );
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000].map((retryInMs) => ({ retryInMs })));
  });

  it('gives up, naming the error, once the next try would come after the deadline', () => {
    expect(decideAfterFailure(new Error('connect ECONNREFUSED'), 9, 52_000, settings)).toEqual({
      deadLetter: 'Still failing after 52 s: Error: connect ECONNREFUSED',
    });
    expect(decideAfterFailure(new Error('x'), 9, 51_000, settings)).toEqual({ retryInMs: 8_000 });
  });

  it('gives up at once on a PermanentFailure', () => {
    expect(decideAfterFailure(new PermanentFailure('bad\npayload'), 1, 0, settings)).toEqual({
      deadLetter: 'PermanentFailure: bad payload',
    });
  });

  it('does not run again a redelivered job past its deadline', () => {
    expect(isPastDeadline(1, 90_000, settings)).toBe(false);
    expect(isPastDeadline(2, 60_500, settings)).toBe(false);
    expect(isPastDeadline(2, 61_000, settings)).toBe(true);
  });
});
