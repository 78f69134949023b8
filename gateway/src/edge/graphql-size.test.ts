import { graphQLSizeProblems } from './graphql-size';

const limits = { maxDocumentBytes: 100, maxVariablesBytes: 60 };

describe('graphQLSizeProblems', () => {
  it('passes a document and variables within the caps, and requests without variables', () => {
    expect(graphQLSizeProblems('{ __typename }', { id: 1 }, limits)).toBeNull();
    expect(graphQLSizeProblems('{ __typename }', undefined, limits)).toBeNull();
    expect(graphQLSizeProblems('{ __typename }', null, limits)).toBeNull();
    expect(graphQLSizeProblems(undefined, undefined, limits)).toBeNull();
  });

  it('counts UTF-8 bytes, not characters, at the exact limit', () => {
    // '€' is three bytes: 33 of them are 99 bytes, 34 are 102.
    expect(graphQLSizeProblems(`#${'€'.repeat(33)}`, undefined, limits)).toBeNull();
    expect(graphQLSizeProblems(`#${'€'.repeat(34)}`, undefined, limits)).toEqual({
      query: ['The query must not be larger than 100 bytes.'],
    });
    expect(graphQLSizeProblems('x'.repeat(101), undefined, limits)).not.toBeNull();
  });

  it('measures parsed variables as their JSON and a GET query string variables as they came', () => {
    expect(graphQLSizeProblems('{ a }', { text: 'x'.repeat(60) }, limits)).toEqual({
      variables: ['The variables must not be larger than 60 bytes.'],
    });
    expect(graphQLSizeProblems('{ a }', `{"text":"${'x'.repeat(40)}"}`, limits)).toBeNull();
    expect(graphQLSizeProblems('{ a }', `{"text":"${'x'.repeat(60)}"}`, limits)).not.toBeNull();
  });

  it('names the document first when both are too large', () => {
    expect(Object.keys(graphQLSizeProblems('x'.repeat(200), 'y'.repeat(200), limits)!)).toEqual(['query']);
  });
});
