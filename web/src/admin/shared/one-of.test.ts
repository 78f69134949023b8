import { describe, expect, it } from '@jest/globals';
import { oneOf } from './one-of';

const OUTCOMES = ['ok', 'failed', 'cancelled'] as const;

describe('oneOf', () => {
  it('answers a value the list offers', () => {
    expect(oneOf(OUTCOMES, 'failed')).toBe('failed');
  });

  it('answers undefined for an empty select, another case or a value not offered', () => {
    expect(oneOf(OUTCOMES, '')).toBeUndefined();
    expect(oneOf(OUTCOMES, 'OK')).toBeUndefined();
    expect(oneOf(OUTCOMES, 'ok ')).toBeUndefined();
    expect(oneOf([], 'ok')).toBeUndefined();
  });
});
