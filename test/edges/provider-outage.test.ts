import net from 'node:net';
import { AI_FAILURE_MESSAGE } from '@promptloom/proto';
import { graphql, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { signUp, type SignedIn } from '../signature/signature-helpers';

let product: TestProduct;
let user: SignedIn;

/** A local port nothing listens on: the provider is down (connection refused). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  product = await startTestProduct({
    openAiBaseUrl: `http://127.0.0.1:${await closedPort()}/v1`,
    aiProviderTimeoutMs: 1000,
  });
  user = await signUp(product.baseUrl);
});
afterAll(() => product.stop());

const PROVIDER_DOWN = expect.stringMatching(/The AI provider \(OpenAI-compatible server\) did not answer/);

describe('an AI provider outage', () => {
  it('answers /api/chat with 502 naming the provider, not 500', async () => {
    const response = await requestJson(product.baseUrl, 'POST', '/api/chat', {
      body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'Hello' }] },
      token: user.token,
    });
    expect(response.status).toBe(502);
    expect(response.body.message).toEqual(PROVIDER_DOWN);
    expect(response.body.message.startsWith(AI_FAILURE_MESSAGE)).toBe(true);
  });

  it('answers the chat mutation with BAD_GATEWAY naming the provider, not INTERNAL', async () => {
    const response = await graphql(
      product.baseUrl,
      'mutation($input: ChatInput!) { chat(input: $input) { content } }',
      { input: { model: 'gpt-4o', messages: [{ role: 'user', content: 'Hello' }] } },
      user.token,
    );
    expect(response.body.errors![0]).toMatchObject({
      message: PROVIDER_DOWN,
      extensions: { code: 'BAD_GATEWAY' },
    });
  });

  it('answers a refine on the Stream page with 502 too', async () => {
    const response = await requestJson(product.baseUrl, 'POST', '/api/stream/refine', {
      body: { prompt: 'A cat at golden hour' },
      token: user.token,
    });
    expect(response.status).toBe(502);
    expect(response.body.message).toEqual(PROVIDER_DOWN);
  });
});
