import { describeWait, tooManyRequests } from '../errors';
import {
  aiQuotaExhaustedMessage,
  aiTokenQuotaExhaustedMessage,
  aiTokensInFlightMessage,
  parseDailyAiCalls,
} from './quota';

describe('describeWait', () => {
  it.each([
    [0.2, 'in 1 second'],
    [40, 'in 40 seconds'],
    [60, 'in 1 minute'],
    [61, 'in 2 minutes'],
    [3600, 'in 1 hour'],
    [3600 + 5 * 60, 'in 1 hour 5 minutes'],
    [86_400, 'in 24 hours'],
  ])('%s s reads "%s"', (seconds, text) => {
    expect(describeWait(seconds)).toBe(text);
  });
});

describe('tooManyRequests', () => {
  it('carries whole seconds, at least one, across the wire', () => {
    const error = tooManyRequests('Slow down.', 0.3);
    expect(error.toWire()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Slow down.',
      retryAfterSeconds: 1,
    });
  });
});

describe('the quota messages', () => {
  it('name a limit of one in the singular', () => {
    expect(aiQuotaExhaustedMessage(1, 'in 2 hours')).toBe(
      'You have used your 1 AI call for today. You can run the AI again in 2 hours.',
    );
    expect(aiQuotaExhaustedMessage(200, 'in 2 hours')).toBe(
      'You have used all 200 AI calls for today. You can run the AI again in 2 hours.',
    );
    expect(aiTokenQuotaExhaustedMessage(1, 'in 1 minute')).toMatch(
      /^You have used your 1 AI token for today\./u,
    );
    expect(aiTokensInFlightMessage(1, 'in 10 seconds')).toBe(
      'Your AI calls under way may use the rest of your 1 AI token for today. Try again in 10 seconds.',
    );
  });
});

describe('parseDailyAiCalls (the admin form field)', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['0', 0],
    [' 25 ', 25],
    ['100000', 100_000],
    ['100001', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['many', undefined],
  ])('%j → %j', (text, value) => {
    expect(parseDailyAiCalls(text)).toBe(value);
  });
});
