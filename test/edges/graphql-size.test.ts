import { DEFAULT_GRAPHQL_LIMITS } from '@promptloom/gateway';
import { capturedLogger } from '../support/captured-log';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { graphql, requestJson } from '../support/http';
import { subscriptionsOpened } from '../support/subscriptions';
import { waitFor } from '@promptloom/shared/testing';
import { signUp, type SignedIn } from '../signature/signature-helpers';
import { openSocket, type RawSocket } from './raw-socket';

/**
 * Regression: a 263 KB document of 20,000 aliases was refused only after it was parsed. The document and the
 * variables are now measured first: a document over the cap is refused as too large even when it would not parse at
 * all, which only a check before parsing can do.
 */
const MAX_VARIABLES_BYTES = 16 * 1024;
const MAX_MESSAGE_BYTES = 256 * 1024;
const log = capturedLogger('info');
let product: TestProduct;
let user: SignedIn;
beforeAll(async () => {
  product = await startTestProduct({
    logger: log.logger,
    maxBodyBytes: MAX_MESSAGE_BYTES,
    gateway: { graphqlLimits: { maxVariablesBytes: MAX_VARIABLES_BYTES } },
  });
  user = await signUp(product.baseUrl);
});
afterAll(() => product.stop());

const DOCUMENT_CAP = /^The query must not be larger than 32 KB\.$/;
const VARIABLES_CAP = /^The variables must not be larger than 16 KB\.$/;

/** 5,000 aliases (about 90 KB, within the body limit) ending in a syntax error: parsed, it could only fail so. */
const unparseable = (operation: 'query' | 'subscription') =>
  `${operation} { ${Array.from({ length: 5000 }, (_, index) => `a${index}: __typename`).join(' ')} !!! `;

const IMPORT_PACK = 'mutation ($file: String!) { importSignaturePack(file: $file) { message } }';
const LIST_UPDATED = 'subscription { listUpdated(family: tl) { family } }';

const refusalLines = (requestId: string) =>
  log.lines.filter((line) => line.requestId === requestId && /refused: too large/.test(String(line.msg)));

describe('GraphQL size caps, checked before parsing', () => {
  it('has defaults that leave room for what the web client sends', () => {
    expect(DEFAULT_GRAPHQL_LIMITS.maxDocumentBytes).toBe(32 * 1024);
    // A 512 KB pack file travels as a string variable; JSON escaping makes it longer.
    expect(DEFAULT_GRAPHQL_LIMITS.maxVariablesBytes).toBeGreaterThanOrEqual(1024 * 1024);
  });

  it('refuses an oversized document over HTTP with 413 before parsing it, and logs it once with the request id', async () => {
    const requestId = `size-${Date.now()}`;
    const response = await requestJson(product.baseUrl, 'POST', '/graphql', {
      body: { query: unparseable('query') },
      headers: { 'x-request-id': requestId },
      token: user.token,
    });
    expect(response.status).toBe(413);
    expect(response.body.errors[0]).toMatchObject({
      message: expect.stringMatching(DOCUMENT_CAP),
      extensions: { code: 'BAD_USER_INPUT', fields: { query: [expect.stringMatching(DOCUMENT_CAP)] } },
    });
    expect(refusalLines(requestId)).toEqual([
      expect.objectContaining({ level: 40, fields: ['query'], maxDocumentBytes: 32 * 1024 }),
    ]);
  });

  it('refuses variables over the cap over HTTP, and still answers a request within both caps', async () => {
    const tooLarge = await graphql(product.baseUrl, IMPORT_PACK, { file: 'x'.repeat(20 * 1024) }, user.token);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { variables: [expect.stringMatching(VARIABLES_CAP)] },
    });
    // Counted in UTF-8 bytes: 6,000 three-byte characters are 18 KB, over the cap though 6,000 characters long.
    const multiByte = await graphql(product.baseUrl, IMPORT_PACK, { file: '€'.repeat(6000) }, user.token);
    expect(multiByte.status).toBe(413);

    const within = await graphql(product.baseUrl, IMPORT_PACK, { file: '{oops' }, user.token);
    expect(within.status).toBe(200);
    expect(within.body.errors![0]!.extensions!.fields).toHaveProperty('file');
  });

  it('refuses an oversized document and variables over the WebSocket as errors of that operation', async () => {
    const socket = await openSocket(product.baseUrl, user.token);
    try {
      const document = await answer(socket, 'document', { query: unparseable('subscription') });
      expect(document.type).toBe('error');
      expect(document.payload[0]).toMatchObject({
        message: expect.stringMatching(DOCUMENT_CAP),
        extensions: { code: 'BAD_USER_INPUT' },
      });
      const variables = await answer(socket, 'variables', {
        query: LIST_UPDATED,
        variables: { family: 'x'.repeat(20 * 1024) },
      });
      expect(variables.type).toBe('error');
      expect(variables.payload[0].message).toMatch(VARIABLES_CAP);
      expect(
        log.lines.filter((line) => line.id === 'document' && /refused: too large/.test(String(line.msg))),
      ).toHaveLength(1);

      // The socket still serves: a subscription within the caps goes live.
      const opened = await subscriptionsOpened(product.baseUrl);
      socket.send({ id: 'fine', type: 'subscribe', payload: { query: LIST_UPDATED } });
      await waitFor(
        async () => (await subscriptionsOpened(product.baseUrl)) > opened,
        'the subscription within the caps to go live',
      );
    } finally {
      await socket.close();
    }
  });

  it('closes a WebSocket that sends a message larger than a request body may be, with 1009', async () => {
    const socket = await openSocket(product.baseUrl, user.token);
    socket.send({
      id: 'huge',
      type: 'subscribe',
      // Answered at once were it read: the document is not valid.
      payload: { query: 'subscription { nope }', variables: { family: 'x'.repeat(MAX_MESSAGE_BYTES) } },
    });
    const outcome = await Promise.race([
      socket.closed,
      socket.waitFor((message) => message.id === 'huge').then((message) => ({ answered: message })),
    ]);
    expect(outcome).toMatchObject({ code: 1009 });
    expect((await requestJson(product.baseUrl, 'GET', '/healthz')).status).toBe(200);
  });
});

async function answer(socket: RawSocket, id: string, payload: Record<string, unknown>) {
  socket.send({ id, type: 'subscribe', payload });
  return socket.waitFor((message) => message.id === id);
}
