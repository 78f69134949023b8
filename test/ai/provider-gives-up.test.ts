import { aiProviderGaveUpMessage } from '@promptloom/proto';
import { waitFor } from '@promptloom/shared/testing';
import { graphql } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { subscribe } from '../support/subscriptions';
import { signUp } from './ai-users';

let product: TestProduct;
let fake: FakeOpenAiServer;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  product = await startTestProduct({
    openAiBaseUrl: fake.baseUrl,
    aiProviderTimeoutMs: 500,
    aiJobs: { retryForMs: 1_500, retryMinDelayMs: 100, retryMaxDelayMs: 200 },
  });
});
afterAll(async () => {
  await product.stop();
  await fake.close();
});

const RUN = 'mutation($input: RunAgentInput!) { runAgent(input: $input) { jobId } }';

describe('a provider that answers 429, then stops answering', () => {
  it('is retried with backoff, then the run fails with a message naming the provider and the tries', async () => {
    const user = await signUp(product.baseUrl);
    const failures = await subscribe(
      product.baseUrl,
      'subscription { generationFailed { jobId family message } }',
      user.token,
    );
    const before = fake.requests.length;
    const fallback = fake.fallback;
    fake.reply({ status: 429, error: 'Rate limit reached' });
    fake.fallback = () => ({ hang: true });
    let jobId: string;
    try {
      const run = await graphql(
        product.baseUrl,
        RUN,
        { input: { family: 'br', aiModel: 'gpt-4o', frequency: 3 } },
        user.token,
      );
      jobId = run.body.data.runAgent.jobId;
      await waitFor(() => failures.received.length === 1, 'the run to fail', 30_000);
    } finally {
      fake.fallback = fallback;
    }
    const tries = fake.requests.slice(before);
    // The SDK's own retries first (1 + 2 per attempt), then the job queue's, all given up.
    expect(tries.length).toBeGreaterThanOrEqual(3);
    expect(tries.length % 3).toBe(0);
    // Backoff: the retry after the 429 waits (the SDK's at least 0.5 s less a quarter of jitter).
    expect(tries[1]!.receivedAt - tries[0]!.receivedAt).toBeGreaterThanOrEqual(370);
    const message = aiProviderGaveUpMessage('OpenAI-compatible server', tries.length);
    expect(message).toMatch(/the AI provider \(OpenAI-compatible server\) did not answer after \d+ tries/);
    expect(failures.received[0].generationFailed).toEqual({ jobId, family: 'br', message });
    await failures.close();
  }, 60_000);
});
