import { waitFor } from '@promptloom/shared/testing';
import { requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { signUp, type SignedInUser } from './ai-users';

let product: TestProduct;
let fake: FakeOpenAiServer;
let ada: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  product = await startTestProduct({ openAiBaseUrl: fake.baseUrl });
  ada = await signUp(product.baseUrl);
  bob = await signUp(product.baseUrl);
});
afterAll(async () => {
  await product.stop();
  await fake.close();
});

const api = (method: string, path: string, user: SignedInUser, body?: unknown) =>
  requestJson(product.baseUrl, method, path, { token: user.token, body });

const storeBody = {
  levels: 1,
  ai_model: 'gpt-4o',
  frequency: 3,
  ai_response: ['Portrait', 'Landscape', 'portrait', 'Macro'],
  agent_role: 'Photographer',
  name: 'Summer',
};

describe('SPEC §7 AI list paths over REST', () => {
  it('stores a list (once per item, case-insensitively), reads it back and keeps the agent settings', async () => {
    const stored = await api('POST', `/api/ai/response/tr/store/${ada.id}`, ada, storeBody);
    expect(stored.status).toBe(200);
    const listed = await api('GET', `/api/ai/response/tr/get/${ada.id}`, ada);
    expect(listed.body.ai_response.map((item: { ai_response: string }) => item.ai_response)).toEqual([
      'Portrait',
      'Landscape',
      'Macro',
    ]);
    expect(listed.body.ai_response[0]).toMatchObject({
      levels: 1,
      ai_model: 'gpt-4o',
      frequency: 3,
      status: 1,
    });

    expect((await api('GET', `/api/ai/tr/prev_model/${ada.id}`, ada)).body).toEqual({
      ai_model: { ai_model: 'gpt-4o' },
    });
    expect((await api('GET', `/api/ai/tr/prev_frequency/${ada.id}`, ada)).body).toEqual({
      frequency: { frequency: 3 },
    });
    expect((await api('GET', `/api/ai/tr/prev_agent_role/${ada.id}`, ada)).body).toEqual({
      agent_role: { agent_role: 'Photographer' },
    });
    expect((await api('GET', `/api/ai/tr/prev_reference_name/${ada.id}`, ada)).body).toEqual({
      name: { name: 'Summer' },
    });
    expect((await api('GET', `/api/ai/tr/prev_date/${ada.id}`, ada)).body.date).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    expect((await api('GET', `/api/ai/prev_model/${ada.id}`, ada)).body).toEqual({
      ai_model: { ai_model: null },
    });
  });

  it('adds a custom item, annotates it and changes its status', async () => {
    const added = await api('POST', `/api/ai/response/tl/newstore/${ada.id}`, ada, {
      ai_response: ['Cyanotype'],
    });
    expect(added.status).toBe(200);
    const item = added.body.ai_response.find(
      (entry: { ai_response: string }) => entry.ai_response === 'Cyanotype',
    );
    const reason = await api('POST', `/api/ai/response/tl/updateReason/${item.id}`, ada, {
      ai_reason: 'blue prints',
    });
    expect(reason.body).toMatchObject({ status: true, data: { ai_reason: 'blue prints' } });
    const status = await api('POST', `/api/ai/response/tl/status/${item.id}`, ada, { status: 0 });
    expect(status.body.data.status).toBe(0);
  });

  it("keeps users to their own records: another user's path or record is 403", async () => {
    expect((await api('GET', `/api/ai/response/tr/get/${ada.id}`, bob)).status).toBe(403);
    expect((await api('POST', `/api/ai/response/tr/store/${ada.id}`, bob, storeBody)).status).toBe(403);
    expect((await api('GET', `/api/ai/bl/prev_model/${ada.id}`, bob)).status).toBe(403);
    const list = await api('GET', `/api/ai/response/tr/get/${ada.id}`, ada);
    const reason = await api('POST', `/api/ai/response/tr/updateReason/${list.body.ai_response[0].id}`, bob, {
      ai_reason: 'mine now',
    });
    expect(reason.status).toBe(403);
    expect((await requestJson(product.baseUrl, 'GET', `/api/ai/response/tr/get/${ada.id}`)).status).toBe(401);
  });

  it('answers bad input with 422 and the field messages', async () => {
    const bad = await api('POST', `/api/ai/response/bl/store/${ada.id}`, ada, {
      ...storeBody,
      ai_response: [],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.ai_response).toEqual(['The ai response field is required.']);
    const run = await api('POST', `/api/ai/response/tl/generate/${ada.id}`, ada, {
      ai_model: 'Select Model',
      frequency: 0,
    });
    expect(run.status).toBe(422);
    expect(run.body.message).toBe('Please enter a valid frequency first. or select any AI model');
  });

  it('stores, adds, annotates and reads sub-elements of an element', async () => {
    const elements = await api('POST', `/api/ai/response/bl/store/${ada.id}`, ada, {
      ...storeBody,
      ai_response: ['Light'],
    });
    const element = elements.body.ai_response[0];
    const stored = await api('POST', `/api/ai/response/bltypes/store/${element.id}`, ada, {
      bl_id: element.id,
      user_id: ada.id,
      name: ['Backlight', 'Rim light'],
    });
    expect(stored.body.name.map((row: { name: string }) => row.name)).toEqual(['Backlight', 'Rim light']);
    const custom = await api('POST', `/api/ai/response/bltypes/newstore/${element.id}`, ada, {
      name: ['Glow'],
      user_id: ada.id,
    });
    const glow = custom.body.name.find((row: { name: string }) => row.name === 'Glow');
    expect(glow.bl_name).toBe('Custom');
    const reason = await api('POST', `/api/ai/response/bltypes/updateReason/${glow.id}`, ada, {
      reason: 'soft',
    });
    expect(reason.body.data.reason).toBe('soft');
    const read = await api('GET', `/api/ai/response/bltypes/get/${element.id}`, ada);
    expect(read.body).toMatchObject({
      status: true,
      name: expect.arrayContaining([expect.objectContaining({ reason: 'soft' })]),
    });
    expect((await api('GET', `/api/ai/response/bltypes/get/${element.id}`, bob)).status).toBe(403);
  });

  it('runs an agent as a job: 202 with a job id, then the list holds the cleaned items', async () => {
    fake.reply({ content: 'Here are 2 items:\n1. Curator\n2. Retoucher\n3. Art director' });
    const run = await api('POST', `/api/ai/response/tr/generate/${bob.id}`, bob, {
      ai_model: 'gpt-4o',
      frequency: 2,
      agent_role: 'Gallery',
    });
    expect(run.status).toBe(202);
    expect(run.body).toMatchObject({ status: 'queued', job_id: expect.any(String) });
    const items = await waitFor(async () => {
      const list = await api('GET', `/api/ai/response/tr/get/${bob.id}`, bob);
      // Streamed: the items arrive one by one.
      return list.body.ai_response.length === 2 ? list.body.ai_response : null;
    }, 'the generated items');
    expect(items.map((item: { ai_response: string }) => item.ai_response).sort()).toEqual([
      'Curator',
      'Retoucher',
    ]);
    expect(fake.requests[fake.requests.length - 1]!.body.messages.at(-1)!.content).toContain(
      'exactly 2 unique single-word professional items',
    );
  });

  it('proxies /api/chat and returns choices[0].message.content', async () => {
    fake.reply({ content: 'A cat at golden hour' });
    const chat = await api('POST', '/api/chat', ada, {
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Refine: cat' }],
      max_tokens: 100,
    });
    expect(chat.status).toBe(200);
    expect(chat.body.choices[0].message.content).toBe('A cat at golden hour');
    expect(JSON.stringify(chat.body)).not.toContain('sk-test-key');
    const bad = await api('POST', '/api/chat', ada, { model: 'gpt-4o', messages: [], frequency_penalty: 5 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ messages: ['The messages field is required.'] });
  });
});
