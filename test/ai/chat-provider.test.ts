import { AI_FAILURE_MESSAGE, aiChatOperation, aiOperations } from '@promptloom/proto';
import { startAiWorker, type RunningService } from '@promptloom/ai-worker';
import { InProcessBus, call, createLogger, type Bus } from '@promptloom/shared';
import { createTestDatabase, signedBuses, type TestDatabase } from '@promptloom/shared/testing';
import { serveLiveSessions, sessionActor } from '../support/stub-sessions';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';

const logger = createLogger('ai-chat-test', 'silent');
const KEY = 'sk-test-secret-key-0123456789';
let database: TestDatabase;
let fake: FakeOpenAiServer;
/** The gateway's signed view of the bus. */
let bus: Bus;
let worker: RunningService;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeOpenAiServer();
  const buses = signedBuses(new InProcessBus({ requestTimeoutMs: 20_000 }));
  bus = buses.gateway;
  await serveLiveSessions(buses.admin);
  worker = await startAiWorker({
    databaseUrl: database.url,
    bus: buses.ai,
    logger,
    provider: { apiKey: KEY, baseUrl: fake.baseUrl, timeoutMs: 500 },
  });
});
afterAll(async () => {
  await worker.stop();
  await bus.close();
  await fake.close();
  await database.drop();
});

/** The chat proxy serves signed-in callers only (the policy's `signed-in` operations). */
const signedIn = { context: { actor: sessionActor(1) } };

const ask = (content = 'Hello') =>
  call(
    bus,
    aiChatOperation,
    { model: 'gpt-4o', messages: [{ role: 'user', content }], temperature: 0.5 },
    signedIn,
  );

describe('svc.ai.chat through the real openai SDK against a local OpenAI-compatible server', () => {
  it('answers with the reply, sending the key only to the provider', async () => {
    fake.reply({ content: '  A refined prompt  ' });
    const reply = await ask('Refine: a cat');
    expect(reply).toEqual({
      content: 'A refined prompt',
      model: 'gpt-4o',
      usage: { promptTokens: 10, completionTokens: 10 },
      offline: false,
    });
    const sent = fake.requests[fake.requests.length - 1]!;
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toMatchObject({ model: 'gpt-4o', temperature: 0.5 });
    expect(JSON.stringify(reply)).not.toContain(KEY);
  });

  it('retries a failing provider a bounded number of times, then succeeds', async () => {
    const before = fake.requests.length;
    fake.reply({ status: 503, error: 'overloaded' }, { content: 'after a retry' });
    await expect(ask()).resolves.toMatchObject({ content: 'after a retry' });
    expect(fake.requests.length - before).toBe(2);
  });

  it("gives up after 1 + 2 attempts with 'Error occurred while processing.'", async () => {
    const before = fake.requests.length;
    fake.reply(...[1, 2, 3].map(() => ({ status: 500, error: 'boom' })));
    await expect(ask()).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: `${AI_FAILURE_MESSAGE} The AI provider (OpenAI-compatible server) did not answer after 3 tries. Try again later.`,
    });
    expect(fake.requests.length - before).toBe(3);
  });

  it('answers an empty reply as empty content, and a hanging provider times out as a failure', async () => {
    fake.reply({ content: '' });
    await expect(ask()).resolves.toMatchObject({ content: '' });
    fake.reply({ hang: true }, { hang: true }, { hang: true });
    await expect(ask()).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: expect.stringContaining(AI_FAILURE_MESSAGE),
    });
  });

  it('refuses a request outside the bounds with the field messages', async () => {
    await expect(
      call(
        bus,
        aiChatOperation,
        {
          model: 'gpt-4o',
          messages: [{ role: 'user', content: 'x' }],
          temperature: 3,
        },
        signedIn,
      ),
    ).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { temperature: ['The temperature must be between 0 and 2.'] },
    });
  });

  it('lists the models of SPEC §9 as online', async () => {
    const models = await call(bus, aiOperations.models, {}, signedIn);
    expect(models.offline).toBe(false);
    expect(models.models.map((model) => model.id)).toEqual([
      'gpt-3.5-turbo',
      'gpt-3.5-turbo-0125',
      'gpt-4o',
      'gpt-4-turbo',
    ]);
    expect(models.internal).toEqual({
      sub_elements: 'o1',
      refine: 'gpt-4-0125-preview',
      signature_swap: 'gpt-4-turbo',
    });
  });
});

describe('the offline provider, without a key', () => {
  it('labels the models offline and answers in the requested shape', async () => {
    const offlineBuses = signedBuses(new InProcessBus());
    const offlineBus = offlineBuses.gateway;
    await serveLiveSessions(offlineBuses.admin);
    const offline = await startAiWorker({
      databaseUrl: database.url,
      bus: offlineBuses.ai,
      logger,
      provider: {},
    });
    try {
      const models = await call(offlineBus, aiOperations.models, {}, signedIn);
      expect(models.offline).toBe(true);
      expect(models.models.every((model) => model.offline && model.label.endsWith('(offline)'))).toBe(true);
      const reply = await call(
        offlineBus,
        aiChatOperation,
        {
          model: 'gpt-4-turbo',
          messages: [{ role: 'user', content: 'Rewrite this signature to exactly 6 names as a JSON array.' }],
        },
        signedIn,
      );
      expect(reply.offline).toBe(true);
      expect(JSON.parse(reply.content)).toHaveLength(6);
    } finally {
      await offline.stop();
      await offlineBus.close();
    }
  });
});
