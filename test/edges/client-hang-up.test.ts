import http from 'node:http';
import { waitFor } from '@promptloom/shared/testing';
import { smallPng } from '@promptloom/signature-stream/testing';
import { capturedLogger } from '../support/captured-log';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { requestJson } from '../support/http';
import { postForm, signUp, streamForm, type SignedIn } from '../signature/signature-helpers';
import { openSocket } from './raw-socket';

/**
 * Regression: closing one socket that held 2,000 subscriptions wrote 502 error-level 'write EPIPE' lines. A client
 * that hangs up, over WebSocket or mid-way through an HTTP answer, is nothing wrong with the server: debug at most.
 */
const log = capturedLogger('debug');
let product: TestProduct;
let user: SignedIn;
beforeAll(async () => {
  product = await startTestProduct({ logger: log.logger });
  user = await signUp(product.baseUrl);
});
afterAll(() => product.stop());

/** Lines above debug (pino: 30 info, 40 warn, 50 error) logged from `from` on, other than the request lines. */
const complaintsSince = (from: number) =>
  log.lines.slice(from).filter((line) => Number(line.level) >= 40 || /EPIPE|hung up/i.test(String(line.msg)));
const warningsOrWorseSince = (from: number) =>
  log.lines.slice(from).filter((line) => Number(line.level) >= 40);

async function gauge(name: string): Promise<number> {
  const metrics = await fetch(`${product.baseUrl}/metrics`).then((response) => response.text());
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? NaN);
}

async function touchList(text: string) {
  const answer = await requestJson(product.baseUrl, 'POST', `/api/ai/response/tl/newstore/${user.userId}`, {
    body: { ai_response: [text] },
    token: user.token,
  });
  expect(answer.status).toBeLessThan(300);
}

describe('a client that hangs up leaves no error in the log', () => {
  it('a socket closed with 50 live subscriptions while updates are being sent to it', async () => {
    const from = log.lines.length;
    const socket = await openSocket(product.baseUrl, user.token);
    for (let index = 0; index < 50; index++) {
      socket.send({
        id: String(index),
        type: 'subscribe',
        payload: { query: 'subscription { listUpdated(family: tl) { family items { id } } }' },
      });
    }
    await touchList('before the hang-up');
    await socket.waitFor((message) => message.id === '49' && message.type === 'next');
    // Updates on their way to every subscription while the connection drops without a close frame.
    const updates = [touchList('during the hang-up 1'), touchList('during the hang-up 2')];
    socket.hangUp();
    await Promise.all(updates);
    await waitFor(
      async () => (await gauge('graphql_ws_connections')) === 0,
      'the server to see the socket gone',
    );
    await waitFor(async () => (await gauge('graphql_subscriptions_active')) === 0, 'its subscriptions ended');
    expect(warningsOrWorseSince(from)).toEqual([]);
    expect(complaintsSince(from).every((line) => Number(line.level) <= 20)).toBe(true);
  });

  it('an HTTP client that aborts while an image is being sent to it', async () => {
    const stored = await postForm(
      product.baseUrl,
      `/api/stream/store/${user.userId}`,
      user.token,
      streamForm(user.userId, { bytes: await smallPng(), name: 'small.png', type: 'image/png' }),
    );
    expect(stored.status).toBe(200);
    const url: string = stored.body.data.image_url;
    // A large answer, far more than the connection buffers: the gateway is still writing when the client leaves.
    const key = decodeURIComponent(url.replace(/^\/api\/images\//, ''));
    await product.objects.put(key, Buffer.alloc(64 * 1024 * 1024, 7), { contentType: 'image/webp' });

    const from = log.lines.length;
    const requestId = `hang-up-${Date.now()}`;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        `${product.baseUrl}${url}`,
        { headers: { authorization: `Bearer ${user.token}`, 'x-request-id': requestId } },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.once('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    // The gateway's own line about this request (after the bus's debug line for the image check) says what it saw.
    const gatewayLines = () =>
      log.lines.slice(from).filter((line) => line.requestId === requestId && line.msg !== 'Request answered');
    await waitFor(() => gatewayLines().length > 0, 'the hang-up noticed');
    expect(gatewayLines()).toEqual([expect.objectContaining({ level: 20, msg: 'client hung up' })]);
    expect(warningsOrWorseSince(from)).toEqual([]);
  });
});
