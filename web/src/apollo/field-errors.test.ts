import { describe, expect, it } from '@jest/globals';
import { CombinedGraphQLErrors } from '@apollo/client';
import { type GraphQLFormattedError } from 'graphql';
import { firstMessageOf, formErrorsOf } from './field-errors';

const graphQLErrors = (...errors: GraphQLFormattedError[]) => new CombinedGraphQLErrors({ errors });

describe('formErrorsOf', () => {
  it('takes the first message of each field (SPEC §5)', () => {
    const error = graphQLErrors({
      message: 'Invalid input',
      extensions: {
        code: 'BAD_USER_INPUT',
        fields: {
          email: ['The email has already been taken.', 'second'],
          name: ['The name field is required.'],
        },
      },
    });
    expect(formErrorsOf(error, 'Save failed')).toEqual({
      fields: { email: 'The email has already been taken.', name: 'The name field is required.' },
      message: null,
    });
  });

  it('keeps the first error’s message for a field that two errors name', () => {
    const error = graphQLErrors(
      { message: 'a', extensions: { fields: { email: ['first'] } } },
      { message: 'b', extensions: { fields: { email: ['later'], password: ['short'] } } },
    );
    expect(formErrorsOf(error, 'x').fields).toEqual({ email: 'first', password: 'short' });
  });

  it('answers the server’s message when no field is named, or a field has no message', () => {
    const error = graphQLErrors({ message: 'Mode not found.', extensions: { fields: { id: [] } } });
    expect(formErrorsOf(error, 'Save failed')).toEqual({ fields: {}, message: 'Mode not found.' });
  });

  it('answers the fallback for an error that is not GraphQL’s (a dropped network)', () => {
    expect(formErrorsOf(new Error('Failed to fetch'), 'Save failed')).toEqual({
      fields: {},
      message: 'Save failed',
    });
    expect(formErrorsOf(undefined, 'Save failed').message).toBe('Save failed');
  });
});

describe('firstMessageOf', () => {
  it('answers the first field message, for a control with no field of its own', () => {
    const error = graphQLErrors({
      message: 'Each item must be under 30 characters.',
      extensions: { fields: { 'aiResponse.0': ['Each item must be under 30 characters.'] } },
    });
    expect(firstMessageOf(formErrorsOf(error, 'x'))).toBe('Each item must be under 30 characters.');
  });

  it('answers the message when no field is named', () => {
    expect(firstMessageOf({ fields: {}, message: 'Mode not found.' })).toBe('Mode not found.');
  });
});
