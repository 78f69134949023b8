import {
  estimatePromptTokens,
  MAX_REPLY_CHARS,
  OpenAiProvider,
  ProviderCancelled,
  ProviderError,
} from '@promptloom/ai-worker';
import { waitFor } from '@promptloom/shared/testing';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';

/** The OpenAI provider through the real `openai` SDK over HTTP against the local OpenAI-compatible server. */
let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(async () => {
  await fake.close();
});

const provider = (options: { timeoutMs?: number; maxRetries?: number; structured?: 'on' | 'off' } = {}) =>
  new OpenAiProvider({
    apiKey: 'sk-test',
    baseUrl: fake.baseUrl,
    timeoutMs: options.timeoutMs ?? 2_000,
    maxRetries: options.maxRetries ?? 2,
    structuredOutput: options.structured ?? 'off',
  });
const request = { model: 'gpt-4o', messages: [{ role: 'user' as const, content: 'List 3 types' }] };
const lastRequest = () => fake.requests[fake.requests.length - 1]!;

/**
 * Starts the held reply's streamed call, lets `pieces` pieces through, then cancels it. Answers what the call ended
 * with and the provider's request (to see it closed).
 */
async function cancelledAfter(pieces: number) {
  const controller = new AbortController();
  const received: string[] = [];
  const call = provider()
    .complete(request, { signal: controller.signal, onText: (delta) => received.push(delta) })
    .catch((error: unknown) => error);
  await waitFor(() => fake.waiting === 1, 'the first held piece');
  fake.release(pieces);
  await waitFor(() => received.length === pieces, `${pieces} piece(s)`);
  const sent = lastRequest();
  controller.abort();
  return { ended: await call, sent };
}

describe('OpenAiProvider with a local OpenAI-compatible server', () => {
  it('streams the reply piece by piece and reports the model and token counts', async () => {
    fake.reply({
      content: 'Alpha\nBeta\nGamma',
      model: 'gpt-4o-2024-08-06',
      usage: { prompt_tokens: 7, completion_tokens: 5 },
    });
    const pieces: string[] = [];
    const reply = await provider().complete(request, { onText: (delta) => pieces.push(delta) });
    expect(pieces).toEqual(['Alpha\n', 'Beta\n', 'Gamma']);
    expect(reply).toMatchObject({
      content: 'Alpha\nBeta\nGamma',
      model: 'gpt-4o-2024-08-06',
      usage: { promptTokens: 7, completionTokens: 5 },
    });
    expect(lastRequest().body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('asks for JSON matching the schema when structured output is on, and not when it is off', async () => {
    const jsonSchema = { name: 'list_reply', schema: { type: 'object', properties: {} } };
    fake.reply({ content: '{"items":[]}' }, { content: 'Alpha' });
    await provider({ structured: 'on' }).complete(request, { jsonSchema });
    expect(lastRequest().body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { ...jsonSchema, strict: true },
    });
    await provider({ structured: 'off' }).complete(request, { jsonSchema });
    expect(lastRequest().body.response_format).toBeUndefined();
  });

  it('asks the provider for the model AI_MODEL_MAP names, and reports the one that answered', async () => {
    const mapped = new OpenAiProvider({
      apiKey: 'sk-test',
      baseUrl: fake.baseUrl,
      modelMap: { 'gpt-4o': 'llama3.1:8b' },
    });
    fake.reply({ content: 'Alpha' });
    const reply = await mapped.complete(request);
    expect(lastRequest().body.model).toBe('llama3.1:8b');
    expect(reply.model).toBe('llama3.1:8b');
  });

  it('backs off on a 429 (honouring Retry-After) and then succeeds', async () => {
    const before = fake.requests.length;
    fake.reply({ status: 429, error: 'slow down', headers: { 'retry-after-ms': '50' } }, { content: 'Fine' });
    await expect(provider().complete(request)).resolves.toMatchObject({ content: 'Fine' });
    expect(fake.requests.length - before).toBe(2);
  });

  it('gives up after its retries with the status, never hanging', async () => {
    const before = fake.requests.length;
    const limited = { status: 429, error: 'slow down', headers: { 'retry-after-ms': '10' } };
    fake.reply(limited, limited, limited);
    const failure = await provider({ maxRetries: 2 })
      .complete(request)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).status).toBe(429);
    expect(fake.requests.length - before).toBe(3);
  });

  it('times out a provider that never answers', async () => {
    fake.reply({ hang: true });
    const failure = await provider({ timeoutMs: 300, maxRetries: 0 })
      .complete(request)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).status).toBeUndefined();
  });

  it('abandons a stream that stops sending', async () => {
    fake.reply({ content: 'Alpha\nBeta\nGamma', stallAfter: 1 });
    const pieces: string[] = [];
    const failure = await provider({ timeoutMs: 300, maxRetries: 0 })
      .complete(request, { onText: (delta) => pieces.push(delta) })
      .catch((error: unknown) => error);
    expect(pieces).toEqual(['Alpha\n']);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).message).toMatch(/sent nothing/);
  });

  it('cancels a streamed call: the HTTP request is closed and the call says it was cancelled', async () => {
    fake.reply({ content: 'Alpha\nBeta\nGamma', held: true });
    const { ended, sent } = await cancelledAfter(1);
    expect(ended).toBeInstanceOf(ProviderCancelled);
    await waitFor(() => sent.aborted, 'the provider to see the request closed');
  });

  it('says what a cancelled stream had brought: its text, the pieces counted as tokens, the prompt estimated', async () => {
    // A token a piece, as OpenAI streams; its usage would come only in the last chunk, which never arrives.
    fake.reply({
      content: '',
      chunks: ['Al', 'pha', '\n', 'Be', 'ta'],
      held: true,
      model: 'gpt-4o-2024-08-06',
    });
    const { ended, sent } = await cancelledAfter(3);
    const cancelled = ended as ProviderCancelled;
    expect(cancelled).toBeInstanceOf(ProviderCancelled);
    expect(cancelled.received).toEqual({
      content: 'Alpha\n',
      model: 'gpt-4o-2024-08-06',
      usage: { promptTokens: estimatePromptTokens(['List 3 types']), completionTokens: 3 },
      promptEstimated: true,
    });
    await waitFor(() => sent.aborted, 'the provider to see the request closed');
  });

  it('counts a cancelled stream that sends many tokens a piece by its text', async () => {
    const line = 'one two three four five six seven eight\n';
    fake.reply({ content: '', chunks: [line, line], held: true });
    const { ended, sent } = await cancelledAfter(1);
    const cancelled = ended as ProviderCancelled;
    expect(cancelled.received?.usage.completionTokens).toBe(Math.ceil(line.length / 4));
    await waitFor(() => sent.aborted, 'the provider to see the request closed');
  });

  it('cuts a 5 MB reply at its limit and says so', async () => {
    const piece = 'Word\n'.repeat(1_000);
    fake.reply({ content: '', chunks: Array.from({ length: 1_000 }, () => piece) });
    const reply = await provider().complete(request, { onText: () => undefined });
    expect(reply.content.length).toBeLessThanOrEqual(MAX_REPLY_CHARS);
    expect(reply.replyIssue).toBe('too_large');
  });

  it('reports invalid UTF-8 instead of passing the bytes on', async () => {
    fake.reply({ content: '', chunks: ['Alpha\n', Buffer.from([0x42, 0xff, 0xfe, 0x65])] });
    const reply = await provider().complete(request, { onText: () => undefined });
    expect(reply.replyIssue).toBe('invalid_utf8');
    expect(reply.content.startsWith('Alpha\nB')).toBe(true);
  });
});
