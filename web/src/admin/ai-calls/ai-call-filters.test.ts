import { describe, expect, it } from '@jest/globals';
import { callsOfJob, filterOf, FILTER_KEYS, formatCost, formatTokens } from './ai-call-filters';

const noFilter = {
  q: undefined,
  userId: undefined,
  purpose: undefined,
  model: undefined,
  outcome: undefined,
  from: undefined,
  to: undefined,
  jobId: undefined,
  withReasons: undefined,
};

describe('filterOf', () => {
  it('reads every filter of the address', () => {
    const params = new URLSearchParams({
      q: 'fox',
      user_id: '7',
      purpose: 'refine',
      model: 'gpt-4o',
      outcome: 'failed',
      from: '2026-01-01',
      to: '2026-01-31',
      job_id: 'job-1',
      with_reasons: 'true',
    });
    expect(filterOf(params)).toEqual({
      q: 'fox',
      userId: 7,
      purpose: 'refine',
      model: 'gpt-4o',
      outcome: 'failed',
      from: '2026-01-01',
      to: '2026-01-31',
      jobId: 'job-1',
      withReasons: true,
    });
  });

  it('takes an absent, empty or blank filter as no filter', () => {
    expect(filterOf(new URLSearchParams())).toEqual(noFilter);
    expect(filterOf(new URLSearchParams({ q: '   ', model: '', job_id: ' ' }))).toEqual(noFilter);
  });

  it('trims the text filters', () => {
    expect(filterOf(new URLSearchParams({ q: '  red fox ' })).q).toBe('red fox');
  });

  it('takes only a positive whole number as a user id', () => {
    for (const userId of ['0', '-3', '2.5', 'abc', '']) {
      expect(filterOf(new URLSearchParams({ user_id: userId })).userId).toBeUndefined();
    }
    expect(filterOf(new URLSearchParams({ user_id: ' 12 ' })).userId).toBe(12);
  });

  it('drops a purpose or outcome the product does not know', () => {
    const filter = filterOf(new URLSearchParams({ purpose: 'mining', outcome: 'OK' }));
    expect(filter.purpose).toBeUndefined();
    expect(filter.outcome).toBeUndefined();
  });

  it('filters on reasons only for with_reasons=true', () => {
    expect(filterOf(new URLSearchParams({ with_reasons: 'false' })).withReasons).toBeUndefined();
    expect(filterOf(new URLSearchParams({ with_reasons: '1' })).withReasons).toBeUndefined();
  });

  it('names every filter it reads in FILTER_KEYS, so the form keeps them all in the address', () => {
    const params = new URLSearchParams(FILTER_KEYS.map((key) => [key, key === 'user_id' ? '1' : 'true']));
    params.set('purpose', 'chat');
    params.set('outcome', 'ok');
    expect(Object.values(filterOf(params)).every((value) => value !== undefined)).toBe(true);
  });
});

describe('callsOfJob', () => {
  it('links to the AI Calls of a job, its id escaped', () => {
    expect(callsOfJob('abc')).toBe('/admin/ai-calls?job_id=abc');
    expect(callsOfJob('a&b=c d')).toBe('/admin/ai-calls?job_id=a%26b%3Dc%20d');
    expect(filterOf(new URL(callsOfJob('a&b=c d'), 'http://x').searchParams).jobId).toBe('a&b=c d');
  });
});

describe('formatCost and formatTokens', () => {
  it('shows cents for a cost of a cent or more, and six decimals below', () => {
    expect(formatCost(1.5)).toBe('$1.50');
    expect(formatCost(0.01)).toBe('$0.01');
    expect(formatCost(0.0042)).toBe('$0.004200');
    expect(formatCost(0)).toBe('$0.000000');
  });

  it('shows a dash for an unknown cost', () => {
    expect(formatCost(null)).toBe('—');
    expect(formatCost(undefined)).toBe('—');
  });

  it('shows prompt / completion tokens, an unknown side as 0, and a dash when both are unknown', () => {
    expect(formatTokens(120, 30)).toBe('120 / 30');
    expect(formatTokens(null, 30)).toBe('0 / 30');
    expect(formatTokens(null, null)).toBe('—');
  });
});
