import { offeredModelMessage } from '@promptloom/proto';
import { waitFor } from '@promptloom/shared/testing';
import { startAdminFixture, type AdminFixture } from '../admin/admin-fixture';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { graphql, newUser, requestJson } from '../support/http';

let fake: FakeOpenAiServer;
let fixture: AdminFixture;

// As AI_MODELS='Fast=gpt-4o-mini,Best (large)=gpt-4o' configures them.
const MODELS = [
  { label: 'Fast', providerModel: 'gpt-4o-mini' },
  { label: 'Best (large)', providerModel: 'gpt-4o' },
];
const REFUSED = offeredModelMessage(['Fast', 'Best (large)']);

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  fixture = await startAdminFixture('root-models@example.com', {
    openAiBaseUrl: fake.baseUrl,
    aiModels: MODELS,
  });
}, 60_000);
afterAll(async () => {
  await fixture.product.stop();
  await fake.close();
});

async function freshUser(): Promise<{ id: number; token: string }> {
  const signup = await requestJson(fixture.product.baseUrl, 'POST', '/api/signup', { body: newUser() });
  return { id: signup.body.user.id, token: signup.body.access_token };
}

const run = (user: { id: number; token: string }, model: string) =>
  requestJson(fixture.product.baseUrl, 'POST', `/api/ai/response/tr/generate/${user.id}`, {
    token: user.token,
    body: { ai_model: model, frequency: 3 },
  });

describe('the models users choose from come from AI_MODELS', () => {
  it('offers the configured labels, in order, to users and admins alike', async () => {
    const user = await freshUser();
    const query = '{ aiModels { offline models { id label } } }';
    const asUser = await graphql(fixture.product.baseUrl, query, {}, user.token);
    expect(asUser.body.data.aiModels.models).toEqual([
      { id: 'Fast', label: 'Fast' },
      { id: 'Best (large)', label: 'Best (large)' },
    ]);
    const asAdmin = await graphql(fixture.product.baseUrl, query, {}, fixture.adminToken);
    expect(asAdmin.body.data.aiModels.models.map((model: { id: string }) => model.id)).toEqual([
      'Fast',
      'Best (large)',
    ]);
  });

  it('refuses a model that is not configured (a default one too), naming the configured labels', async () => {
    const user = await freshUser();
    for (const model of ['gpt-4o', 'gpt-4o-mini', 'o1']) {
      const answer = await run(user, model);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ ai_model: [REFUSED] });
    }
    const chat = await requestJson(fixture.product.baseUrl, 'POST', '/api/chat', {
      token: user.token,
      body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'Hello' }] },
    });
    expect(chat.status).toBe(422);
    expect(chat.body.errors).toEqual({ model: [REFUSED] });
  });

  it('asks the provider for the configured model, stores the label with the items and records the provider model', async () => {
    const user = await freshUser();
    const before = fake.requests.length;
    fake.reply({ content: 'Curator\nGaffer\nStylist', model: 'gpt-4o-mini-2024-07-18' });
    const started = await run(user, 'Fast');
    expect(started.status).toBe(202);
    const jobId: string = started.body.job_id;
    await waitFor(() => fake.requests.length > before, 'the provider call');
    expect(fake.requests[before]!.body.model).toBe('gpt-4o-mini');

    const page = await waitFor(async () => {
      const answer = await fixture.asAdmin('GET', `/api/admin/ai-calls?job_id=${jobId}`);
      return answer.body.data?.total === 1 ? answer.body.data : null;
    }, 'the recorded call');
    expect(page.data[0]).toMatchObject({ model: 'gpt-4o-mini-2024-07-18', outcome: 'ok' });
    const list = await waitFor(async () => {
      const answer = await requestJson(fixture.product.baseUrl, 'GET', `/api/ai/response/tr/get/${user.id}`, {
        token: user.token,
      });
      return answer.body.ai_response?.length === 3 ? answer.body.ai_response : null;
    }, 'the stored items');
    expect(list.map((item: { ai_model: string }) => item.ai_model)).toEqual(['Fast', 'Fast', 'Fast']);
  });

  it("answers a GraphQL chat by a configured label with the provider's token counts", async () => {
    const user = await freshUser();
    fake.reply({ content: 'A cat at dusk' });
    const answer = await graphql(
      fixture.product.baseUrl,
      'mutation($input: ChatInput!) { chat(input: $input) { content usage { promptTokens completionTokens } replyIssue } }',
      { input: { model: 'Fast', messages: [{ role: 'user', content: 'Hello' }] } },
      user.token,
    );
    expect(answer.body.data.chat).toEqual({
      content: 'A cat at dusk',
      usage: { promptTokens: 10, completionTokens: 10 },
      replyIssue: null,
    });
  });

  it('takes a GraphQL chat whose optional settings are sent as null, as if left out', async () => {
    const user = await freshUser();
    fake.reply({ content: 'A fox at dawn' });
    const input = {
      model: 'Fast',
      messages: [{ role: 'user', content: 'Hello' }],
      maxTokens: null,
      temperature: null,
      frequencyPenalty: null,
    };
    const answer = await graphql(
      fixture.product.baseUrl,
      'mutation($input: ChatInput!) { chat(input: $input) { content } }',
      { input },
      user.token,
    );
    expect(answer.body).toEqual({ data: { chat: { content: 'A fox at dawn' } } });
  });

  it('records a failed call under the provider model, not the label', async () => {
    const user = await freshUser();
    fake.reply({ status: 400, error: 'Bad request' });
    const started = await run(user, 'Best (large)');
    const jobId: string = started.body.job_id;
    const page = await waitFor(async () => {
      const answer = await fixture.asAdmin('GET', `/api/admin/ai-calls?job_id=${jobId}`);
      return answer.body.data?.total === 1 ? answer.body.data : null;
    }, 'the recorded failure');
    expect(page.data[0]).toMatchObject({ model: 'gpt-4o', outcome: 'failed' });
  });

  it("lets an admin's Regenerate use only a configured label", async () => {
    const refused = await graphql(
      fixture.product.baseUrl,
      'mutation { regenerateRecord(family: tr, id: 1, model: "gpt-4o") { jobId } }',
      {},
      fixture.adminToken,
    );
    expect(refused.body.errors?.[0]).toMatchObject({
      message: REFUSED,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
