import { OFFLINE_REFINE_MESSAGE } from '@promptloom/proto';
import { graphql, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { signUp, type SignedIn } from './signature-helpers';

// No AI key: the offline provider answers.
let product: TestProduct;
let user: SignedIn;

beforeAll(async () => {
  product = await startTestProduct();
  user = await signUp(product.baseUrl);
});
afterAll(async () => {
  await product.stop();
});

describe('Refine without an AI key (the offline provider)', () => {
  it('answers the same prompt tidied, its flags intact at the end, labelled offline', async () => {
    const response = await requestJson(product.baseUrl, 'POST', '/api/stream/refine', {
      body: {
        prompt:
          'Photography  image . --style raw Professional focus: Architect Architect ,Curator. --ar 3:2 --v 6',
      },
      token: user.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      refined: true,
      prompt: 'Photography image. Professional focus: Architect, Curator. --style raw --ar 3:2 --v 6',
      message: OFFLINE_REFINE_MESSAGE,
      offline: true,
      reasons_used: [],
    });
  });

  it('says so over GraphQL too, and leaves a tidy prompt as it was', async () => {
    const prompt = 'Art image. Elements: Light (Soft, Rim). --ar 16:9 --v 6 --q 2';
    const response = await graphql(
      product.baseUrl,
      'mutation ($prompt: String!) { refinePrompt(prompt: $prompt) { refined prompt message offline } }',
      { prompt },
      user.token,
    );
    expect(response.body.data.refinePrompt).toEqual({
      refined: true,
      prompt,
      message: OFFLINE_REFINE_MESSAGE,
      offline: true,
    });
  });

  it('answers 422 for an empty prompt', async () => {
    const response = await requestJson(product.baseUrl, 'POST', '/api/stream/refine', {
      body: { prompt: '  ' },
      token: user.token,
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['prompt']);
  });
});
