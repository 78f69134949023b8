import { describe, expect, it } from '@jest/globals';
import { aiQuotaLine } from './ai-quota-line';

const quota = {
  __typename: 'AiQuota' as const,
  limit: 200,
  used: 197,
  remaining: 3,
  resetsAt: '2026-11-28T00:00:00.000Z',
  tokensUsed: 1200,
  tokenLimit: null,
  tokensRemaining: null,
  costUsd: 0.003,
};

describe('aiQuotaLine', () => {
  it('says the calls left of the day and the tokens used, with the cost', () => {
    expect(aiQuotaLine(quota, '00:00')).toBe(
      '3 of 200 AI calls left today · 1,200 tokens used (about $0.0030)',
    );
  });

  it('counts one in the singular: a limit of one call, one token used', () => {
    expect(aiQuotaLine({ ...quota, limit: 1, remaining: 1, tokensUsed: 1 }, '00:00')).toBe(
      '1 of 1 AI call left today · 1 token used (about $0.0030)',
    );
  });

  it('says the tokens left under a token limit, and when the count starts again once one ran out', () => {
    expect(
      aiQuotaLine({ ...quota, remaining: 0, tokenLimit: 5000, tokensRemaining: 3800, costUsd: 0.5 }, '01:00'),
    ).toBe('0 of 200 AI calls left today (more at 01:00) · 3,800 of 5,000 tokens left (about $0.50)');
  });
});
