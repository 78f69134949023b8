import { describe, expect, it } from '@jest/globals';
import { usageLine } from './usage-line';

const day = { calls: 0, failed: 0, cancelled: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };

describe('usageLine', () => {
  it('counts failed and cancelled calls apart, in words that fit the count', () => {
    expect(
      usageLine({ ...day, calls: 1, cancelled: 1, promptTokens: 12, completionTokens: 3, costUsd: 0.00006 }),
    ).toBe('1 call (0 failed, 1 cancelled), 15 tokens, $0.000060');
    expect(usageLine({ ...day, calls: 3, failed: 1, completionTokens: 1 })).toBe(
      '3 calls (1 failed, 0 cancelled), 1 token, $0.000000',
    );
  });
});
