import WebSocket from 'ws';
import { capturedLogger } from '../support/captured-log';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { signUp } from '../signature/signature-helpers';

/**
 * Every subscription needs a signed-in user, so a WebSocket must authenticate in its `connection_init`: without a
 * token it is closed with 4401, with a refused token 4403, and one that sends no `connection_init` is closed with
 * 4408 once the configured time has passed.
 */
const INIT_TIMEOUT_MS = 4000;
const log = capturedLogger('info');
let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct({ logger: log.logger, gateway: { socketInitTimeoutMs: INIT_TIMEOUT_MS } });
});
afterAll(() => product.stop());

interface Closed {
  /** The close code; 0 when the server answered a message instead of closing. */
  code: number;
  reason: string;
  /** Messages the server sent before closing. */
  received: string[];
  /** When it closed, from the moment the socket opened. */
  afterMs: number;
}

/**
 * Opens a graphql-transport-ws socket, sends `init` (if any) and resolves when the server closes it, or with code 0
 * as soon as it answers anything instead (a `connection_ack`).
 */
async function closeOf(init: Record<string, unknown> | null, requestId?: string): Promise<Closed> {
  const socket = new WebSocket(`${product.baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
    headers: requestId ? { 'x-request-id': requestId } : {},
  });
  const received: string[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const opened = Date.now();
  const outcome = new Promise<Closed>((resolve) => {
    socket.once('close', (code, reason) =>
      resolve({ code, reason: String(reason), received, afterMs: Date.now() - opened }),
    );
    socket.once('message', (data) => {
      received.push(String(data));
      resolve({ code: 0, reason: '', received, afterMs: Date.now() - opened });
      socket.close();
    });
  });
  if (init) socket.send(JSON.stringify({ type: 'connection_init', payload: init }));
  return outcome;
}

describe('WebSocket authentication in connection_init', () => {
  it('closes a connection whose connection_init carries no token with 4401, logged once with its request id', async () => {
    const requestId = `anonymous-socket-${Date.now()}`;
    const closed = await closeOf({}, requestId);
    expect(closed).toMatchObject({ code: 4401, reason: expect.stringMatching(/Unauthorized/) });
    expect(closed.received).toEqual([]);
    const refusals = log.lines.filter((line) => line.requestId === requestId);
    expect(refusals).toEqual([
      expect.objectContaining({ level: 30, msg: expect.stringMatching(/without a token/) }),
    ]);
  });

  it('closes a connection with a token it refuses with 4403', async () => {
    const closed = await closeOf({ authorization: 'Bearer not-a-token' });
    expect(closed.code).toBe(4403);
    expect(closed.received).toEqual([]);
  });

  it('closes a connection that sends no connection_init with 4408, not before the configured time', async () => {
    const closed = await closeOf(null);
    expect(closed.code).toBe(4408);
    expect(closed.afterMs).toBeGreaterThanOrEqual(INIT_TIMEOUT_MS - 50);
  });

  it('acknowledges a connection_init with a valid token', async () => {
    const user = await signUp(product.baseUrl);
    const socket = new WebSocket(`${product.baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const acknowledged = new Promise<string>((resolve) =>
      socket.once('message', (data) => resolve(String(data))),
    );
    await new Promise<void>((resolve) => socket.once('open', () => resolve()));
    socket.send(
      JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${user.token}` } }),
    );
    expect(JSON.parse(await acknowledged)).toEqual({ type: 'connection_ack' });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.close();
    await closed;
  });
});
