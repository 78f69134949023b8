import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, gql } from '@apollo/client';
import {
  idempotencyKeyLink,
  mutationRetryLink,
  withIdempotencyKey,
} from '../../web/src/apollo/idempotency-key';

const SAVE = gql`
  mutation Save($text: String!) {
    save(text: $text) {
      id
    }
  }
`;
const READ = gql`
  query Read {
    note {
      id
    }
  }
`;

/**
 * README "Retrying a write safely", browser-free: the web client's link chain (as in web/src/apollo/client.ts, less
 * the socket) sends an Idempotency-Key with every mutation, a fresh one per mutation and the same one on its
 * automatic retry after a 503; queries carry none. The REST helper does the same for calls that change something.
 */
describe('the web client sends an Idempotency-Key', () => {
  const sent: Array<{ operation: string; key: string | null }> = [];
  let unavailableAnswers = 0;
  const answer: typeof fetch = async (_input, init) => {
    const headers = new Headers(init?.headers);
    const body = JSON.parse(String(init?.body)) as { operationName: string };
    sent.push({ operation: body.operationName, key: headers.get('idempotency-key') });
    if (unavailableAnswers > 0) {
      unavailableAnswers -= 1;
      return Response.json(
        { errors: [{ message: 'unavailable', extensions: { code: 'SERVICE_UNAVAILABLE' } }] },
        { status: 503 },
      );
    }
    const data = body.operationName === 'Save' ? { save: { id: 1 } } : { note: { id: 1 } };
    return Response.json({ data });
  };
  const client = new ApolloClient({
    link: ApolloLink.from([
      idempotencyKeyLink(),
      mutationRetryLink(),
      new HttpLink({ uri: 'http://web.test/graphql', fetch: answer }),
    ]),
    cache: new InMemoryCache(),
  });

  beforeEach(() => {
    sent.length = 0;
    unavailableAnswers = 0;
  });

  it('one fresh key per mutation, in the structured-string form of the IETF draft', async () => {
    await client.mutate({ mutation: SAVE, variables: { text: 'a' } });
    await client.mutate({ mutation: SAVE, variables: { text: 'a' } });
    expect(sent).toHaveLength(2);
    for (const { key } of sent) expect(key).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
  });

  it('the same key on the automatic retry of a mutation answered 503', async () => {
    unavailableAnswers = 1;
    await client.mutate({ mutation: SAVE, variables: { text: 'b' } });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[0]!.key).not.toBeNull();
  });

  it('no key on a query', async () => {
    await client.query({ query: READ, fetchPolicy: 'network-only' });
    expect(sent).toEqual([{ operation: 'Read', key: null }]);
  });

  it('REST: a key for a change unless the caller brings its own, none for a read', () => {
    const posted = withIdempotencyKey('POST', new Headers());
    expect(posted.get('idempotency-key')).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(withIdempotencyKey('put', new Headers()).get('idempotency-key')).not.toBe(
      posted.get('idempotency-key'),
    );
    const retried = withIdempotencyKey('POST', new Headers({ 'Idempotency-Key': '"kept"' }));
    expect(retried.get('idempotency-key')).toBe('"kept"');
    expect(withIdempotencyKey(undefined, new Headers()).has('idempotency-key')).toBe(false);
    expect(withIdempotencyKey('GET', new Headers()).has('idempotency-key')).toBe(false);
  });
});
