import { describe, expect, it } from '@jest/globals';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { isRefusedSocketClose, isUnauthenticatedError } from './session-refusal';

const serverError = (status: number) =>
  new ServerError('Response not successful', { response: new Response('', { status }), bodyText: '' });

describe('isRefusedSocketClose', () => {
  it('is true for the close codes of a refused session, 4401 and 4403', () => {
    expect(isRefusedSocketClose({ code: 4401, reason: 'Unauthorized' })).toBe(true);
    expect(isRefusedSocketClose({ code: 4403, reason: 'Forbidden' })).toBe(true);
  });

  it('is false for a dropped network or any other close, which are retried', () => {
    for (const event of [
      { code: 1006 },
      { code: 1000 },
      { code: 4400 },
      { code: '4403' },
      null,
      undefined,
      'close',
      {},
    ]) {
      expect(isRefusedSocketClose(event)).toBe(false);
    }
  });
});

describe('isUnauthenticatedError', () => {
  it('is true when any GraphQL error says UNAUTHENTICATED', () => {
    const error = new CombinedGraphQLErrors({
      errors: [
        { message: 'other', extensions: { code: 'BAD_USER_INPUT' } },
        { message: 'Your session has ended.', extensions: { code: 'UNAUTHENTICATED' } },
      ],
    });
    expect(isUnauthenticatedError(error)).toBe(true);
  });

  it('is false for GraphQL errors with other codes or none', () => {
    const error = new CombinedGraphQLErrors({
      errors: [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }, { message: 'no code' }],
    });
    expect(isUnauthenticatedError(error)).toBe(false);
  });

  it('is true for an HTTP 401 and false for other statuses or plain errors', () => {
    expect(isUnauthenticatedError(serverError(401))).toBe(true);
    expect(isUnauthenticatedError(serverError(403))).toBe(false);
    expect(isUnauthenticatedError(serverError(503))).toBe(false);
    expect(isUnauthenticatedError(new Error('401'))).toBe(false);
  });
});
