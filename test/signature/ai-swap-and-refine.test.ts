import { graphql, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { OTHER_SIX, SIX, signUp, type SignedIn } from './signature-helpers';

let fake: FakeOpenAiServer;
let product: TestProduct;
let user: SignedIn;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  product = await startTestProduct({ openAiBaseUrl: fake.baseUrl });
  user = await signUp(product.baseUrl);
  await requestJson(product.baseUrl, 'POST', `/api/br/signature/store/${user.userId}`, {
    body: { user_id: user.userId, username: 'Ada', signature: SIX, signatureElements: ['Light'] },
    token: user.token,
  });
});
afterAll(async () => {
  await product.stop();
  await fake.close();
});

const swap = (reason: string) =>
  requestJson(product.baseUrl, 'POST', `/api/br/signature/swap/${user.userId}`, {
    body: { reason },
    token: user.token,
  });
const saved = async () =>
  (await requestJson(product.baseUrl, 'GET', `/api/br/signature/get/${user.userId}`, { token: user.token }))
    .body.data.signature;

describe('signature swap through the AI worker (gpt-4-turbo)', () => {
  it('rewrites the signature to the 6 names the AI answers', async () => {
    fake.reply({ content: JSON.stringify(OTHER_SIX) });
    const response = await swap('Warmer, more natural names');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      swapped: true,
      message: 'Signature swapped successfully',
      data: { signature: OTHER_SIX },
    });
    const request = fake.requests.at(-1)!;
    expect(request.body.model).toBe('gpt-4-turbo');
    expect(request.body.messages.at(-1)!.content).toContain('Warmer, more natural names');
    expect(request.body.messages.at(-1)!.content).toContain(JSON.stringify(SIX));
    expect(await saved()).toEqual(OTHER_SIX);
  });

  it('leaves the signature unchanged, and says so, when the reply is not JSON, has 5 names, or is empty', async () => {
    const before = await saved();
    const cases = [
      {
        content: 'Sure! Here are six names: Iris, Jade',
        message: 'The AI reply was not valid JSON; the signature is unchanged.',
      },
      {
        content: JSON.stringify(SIX.slice(0, 5)),
        message: 'The AI returned 5 names instead of 6; the signature is unchanged.',
      },
      { content: '', message: 'No response from AI' },
    ];
    for (const { content, message } of cases) {
      fake.reply({ content });
      const response = await swap('Something else');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ swapped: false, message, data: { signature: before } });
    }
    expect(await saved()).toEqual(before);
  });

  it('answers 422 without a reason', async () => {
    const response = await swap('   ');
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ reason: ['The reason field is required.'] });
  });

  it('swaps over GraphQL too', async () => {
    fake.reply({ content: '```json\n' + JSON.stringify({ signature: SIX }) + '\n```' });
    const response = await graphql(
      product.baseUrl,
      `
        mutation {
          swapSignature(reason: "Back to the first") {
            swapped
            message
            signature {
              signature
              code
            }
          }
        }
      `,
      {},
      user.token,
    );
    expect(response.body.data.swapSignature).toEqual({
      swapped: true,
      message: 'Signature swapped successfully',
      signature: { signature: SIX, code: 'Aur-Dus-Emb-Fro-Glo-Haz' },
    });
  });
});

describe('refine through the AI worker', () => {
  it('rewrites the prompt with gpt-4-0125-preview by default, ending with the generator parameters once', async () => {
    fake.reply({ content: 'A luminous photograph of a quiet harbour at dawn. --ar 16:9' });
    const response = await requestJson(product.baseUrl, 'POST', '/api/stream/refine', {
      body: { prompt: 'Photography image. --ar 16:9 --v 6 --q 2' },
      token: user.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      refined: true,
      prompt: 'A luminous photograph of a quiet harbour at dawn. --ar 16:9 --v 6 --q 2',
      message: null,
      offline: false,
      reasons_used: [],
    });
    const request = fake.requests.at(-1)!;
    expect(request.body.model).toBe('gpt-4-0125-preview');
    expect(request.body.messages.at(-1)!.content).toBe('Photography image.');
  });

  it("keeps the prompt and says 'No response from AI' on an empty reply; GraphQL with another model", async () => {
    fake.reply({ content: '   ' });
    const response = await graphql(
      product.baseUrl,
      `
        mutation {
          refinePrompt(prompt: "Art image. --ar 16:9 --v 6 --q 2", model: "gpt-4o") {
            refined
            prompt
            message
          }
        }
      `,
      {},
      user.token,
    );
    expect(response.body.data.refinePrompt).toEqual({
      refined: false,
      prompt: 'Art image. --ar 16:9 --v 6 --q 2',
      message: 'No response from AI',
    });
    expect(fake.requests.at(-1)!.body.model).toBe('gpt-4o');
  });

  it('checks the answer for the chosen target: repairs it, or refuses it with a message (issue 18)', async () => {
    const refine = (body: Record<string, unknown>) =>
      requestJson(product.baseUrl, 'POST', '/api/stream/refine', { body, token: user.token });

    fake.reply({ content: 'A knight at dawn, banners in the wind. --v 6' });
    const repaired = await refine({
      prompt: 'Knight. --cref https://example.com/k.png --ar 16:9 --v 7 --q 2',
      target: 'midjourney-7',
    });
    expect(repaired.status).toBe(200);
    expect(repaired.body).toEqual({
      refined: true,
      prompt: 'A knight at dawn, banners in the wind. --oref https://example.com/k.png --ar 16:9 --v 7 --q 2',
      message: "The AI's answer was adjusted for Midjourney v7: Change to --oref.",
      offline: false,
      reasons_used: [],
    });
    const request = fake.requests.at(-1)!;
    expect(request.body.messages[1]!.content).toContain('Midjourney v7');
    expect(request.body.messages.at(-1)!.content).toBe('Knight.');

    fake.reply({ content: 'harbour::-3 dawn' });
    const refused = await refine({ prompt: 'Harbour. --ar 16:9 --v 6 --q 2' });
    expect(refused.body).toEqual({
      refined: false,
      prompt: 'Harbour. --ar 16:9 --v 6 --q 2',
      message:
        "The AI's answer is not a valid Midjourney v6 prompt (The multi-prompt weights add up to -2; Midjourney " +
        'needs a total above 0.); the prompt is unchanged.',
      offline: false,
      reasons_used: [],
    });

    fake.reply({ content: 'harbour at dawn, ((golden light:1.3), calm water --ar 16:9' });
    const sdxl = await refine({ prompt: 'harbour, golden light', target: 'sdxl' });
    expect(sdxl.body).toMatchObject({
      refined: true,
      prompt: 'harbour at dawn, (golden light:1.3), calm water',
    });
  });

  it('answers 422 naming the field for an unknown target', async () => {
    const response = await requestJson(product.baseUrl, 'POST', '/api/stream/refine', {
      body: { prompt: 'Harbour.', target: 'midjourney-5' },
      token: user.token,
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['target']);
  });
});
