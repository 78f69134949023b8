import { waitFor } from '@promptloom/shared/testing';
import { requestJson } from '../support/http';
import { hubMetrics, subscriptionsOpened } from '../support/subscriptions';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { signUp, type SignedIn } from '../signature/signature-helpers';
import { openSocket, type RawSocket } from './raw-socket';

let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct({
    gateway: {
      subscriptionLimits: { perSocket: 5, perUser: 8 },
      maxSocketMessagesPerSecond: 50,
      graphqlLimits: { maxDepth: 2 },
    },
  });
});
afterAll(() => product.stop());

const LIST_UPDATED = 'subscription { listUpdated(family: tl) { family } }';
const subscribe = (socket: RawSocket, id: string, query = LIST_UPDATED) =>
  socket.send({ id, type: 'subscribe', payload: { query } });
const answerTo = (socket: RawSocket, id: string) => socket.waitFor((message) => message.id === id);

/** Subscribes under these ids and waits until the gateway has registered each with its event source. */
async function subscribeLive(socket: RawSocket, ids: string[]) {
  const before = await subscriptionsOpened(product.baseUrl);
  for (const id of ids) subscribe(socket, id);
  await waitFor(
    async () => (await subscriptionsOpened(product.baseUrl)) >= before + ids.length,
    `subscriptions ${ids.join(', ')} live`,
  );
}

/**
 * Waits until the gateway runs at most `count` subscriptions. graphql-ws forgets a completed (or closed) one before
 * it stops it, so by then its place in the budget is free: no race between one socket's close and the next subscribe.
 */
async function activeAtMost(count: number) {
  await waitFor(
    async () => (await hubMetrics(product.baseUrl)).active <= count,
    `at most ${count} subscriptions`,
  );
}

/** Adds an item to the user's TL list: every live `listUpdated` subscription of theirs gets a `next`. */
async function touchList(user: SignedIn, text: string) {
  const response = await requestJson(product.baseUrl, 'POST', `/api/ai/response/tl/newstore/${user.userId}`, {
    body: { ai_response: [text] },
    token: user.token,
  });
  expect(response.status).toBeLessThan(300);
}

describe('bounded cost per client on the WebSocket', () => {
  it('refuses subscriptions past the cap per socket and per user with a clear error, and frees a place on complete', async () => {
    const user = await signUp(product.baseUrl);
    const first = await openSocket(product.baseUrl, user.token);
    const second = await openSocket(product.baseUrl, user.token);
    try {
      await subscribeLive(first, ['1', '2', '3', '4', '5']);
      subscribe(first, '6');
      const refused = await answerTo(first, '6');
      expect(refused.type).toBe('error');
      expect(refused.payload[0]).toMatchObject({
        message: expect.stringMatching(/at most 5/),
        extensions: { code: 'TOO_MANY_REQUESTS' },
      });

      // The five accepted ones are live: each gets the next update.
      await touchList(user, 'first marker');
      for (const id of ['1', '2', '3', '4', '5']) expect((await answerTo(first, id)).type).toBe('next');

      // The user's second socket may hold 3 more (8 per user), not 4.
      await subscribeLive(second, ['a', 'b', 'c']);
      subscribe(second, 'd');
      const overUser = await answerTo(second, 'd');
      expect(overUser.type).toBe('error');
      expect(overUser.payload[0].message).toMatch(/for this account: at most 8/);

      // Completing one frees its place.
      const active = (await hubMetrics(product.baseUrl)).active;
      first.send({ id: '1', type: 'complete' });
      await activeAtMost(active - 1);
      await subscribeLive(second, ['e']);
      await touchList(user, 'second marker');
      expect((await answerTo(second, 'e')).type).toBe('next');
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('frees a user’s places when their socket closes, and never counts another user’s', async () => {
    const user = await signUp(product.baseUrl);
    const other = await signUp(product.baseUrl);
    const activeBefore = (await hubMetrics(product.baseUrl)).active;
    const full = await openSocket(product.baseUrl, user.token);
    const otherSocket = await openSocket(product.baseUrl, other.token);
    for (const id of ['1', '2', '3', '4', '5']) subscribe(full, id);
    subscribe(full, 'over');
    expect((await answerTo(full, 'over')).type).toBe('error');
    await subscribeLive(otherSocket, ['mine']);
    await touchList(other, 'other marker');
    expect((await answerTo(otherSocket, 'mine')).type).toBe('next');
    await full.close();
    await otherSocket.close();
    await activeAtMost(activeBefore);

    const again = await openSocket(product.baseUrl, user.token);
    try {
      await subscribeLive(again, ['1', '2', '3', '4', '5']);
      await touchList(user, 'after reconnect');
      for (const id of ['1', '2', '3', '4', '5']) expect((await answerTo(again, id)).type).toBe('next');
    } finally {
      await again.close();
    }
  });

  it('applies the GraphQL depth limit to subscriptions too', async () => {
    const user = await signUp(product.baseUrl);
    const socket = await openSocket(product.baseUrl, user.token);
    try {
      subscribe(socket, 'deep', 'subscription { listUpdated(family: tl) { items { id } } }');
      const answer = await answerTo(socket, 'deep');
      expect(answer.type).toBe('error');
      expect(answer.payload[0].message).toMatch(/depth limit of 2 exceeded/i);
    } finally {
      await socket.close();
    }
  });

  it('applies the GraphQL alias limit to subscriptions too', async () => {
    const user = await signUp(product.baseUrl);
    const socket = await openSocket(product.baseUrl, user.token);
    try {
      const aliases = Array.from({ length: 16 }, (_, index) => `a${index}: family`).join(' ');
      subscribe(socket, 'aliased', `subscription { listUpdated(family: tl) { ${aliases} } }`);
      const answer = await answerTo(socket, 'aliased');
      expect(answer.type).toBe('error');
      expect(answer.payload[0].message).toMatch(/Aliases limit of 15 exceeded, found 16/);
    } finally {
      await socket.close();
    }
  });

  it('closes a socket that sends messages faster than the rate limit with 4429', async () => {
    const user = await signUp(product.baseUrl);
    const socket = await openSocket(product.baseUrl, user.token);
    for (let index = 0; index < 500; index++) socket.send({ type: 'ping' });
    const closed = await socket.closed;
    expect(closed.code).toBe(4429);
    expect(closed.reason).toMatch(/Too many messages/);
    expect((await requestJson(product.baseUrl, 'GET', '/healthz')).status).toBe(200);
  });
});
