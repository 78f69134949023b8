import { describe, expect, it } from '@jest/globals';
import { CombinedGraphQLErrors } from '@apollo/client';
import { limitMessageOf } from './limit-errors';

describe('limitMessageOf', () => {
  it('answers the message of the error a limit raised, among others', () => {
    const error = new CombinedGraphQLErrors({
      errors: [
        { message: 'Invalid', extensions: { code: 'BAD_USER_INPUT' } },
        {
          message: 'Too many AI calls. Please try again in 2 minutes.',
          extensions: { code: 'TOO_MANY_REQUESTS' },
        },
      ],
    });
    expect(limitMessageOf(error)).toBe('Too many AI calls. Please try again in 2 minutes.');
  });

  it('answers null when no limit refused the call', () => {
    const error = new CombinedGraphQLErrors({
      errors: [{ message: 'Invalid', extensions: { code: 'BAD_USER_INPUT' } }],
    });
    expect(limitMessageOf(error)).toBeNull();
    expect(limitMessageOf(new Error('TOO_MANY_REQUESTS'))).toBeNull();
  });
});
