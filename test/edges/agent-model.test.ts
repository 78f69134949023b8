import { AI_MODELS } from '@promptloom/proto';
import { signUp, type SignedInUser } from '../ai/ai-users';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { graphql, requestJson } from '../support/http';

const OFFERED = `The selected model is invalid. Choose one of: ${AI_MODELS.join(', ')}.`;
const RUN = `mutation($input: RunAgentInput!) { runAgent(input: $input) { status } }`;
// Not offered to users: the internal models (SPEC §9), a made-up one, and 100 characters of nothing.
const REFUSED_MODELS = ['o1', 'gpt-4-0125-preview', 'gpt-5-ultra', 'x'.repeat(100)];

let product: TestProduct;
let ada: SignedInUser;
beforeAll(async () => {
  product = await startTestProduct();
  ada = await signUp(product.baseUrl);
});
afterAll(() => product.stop());

const runOverRest = (model: string) =>
  requestJson(product.baseUrl, 'POST', `/api/ai/response/bl/generate/${ada.id}`, {
    body: { ai_model: model, frequency: 3, levels: 1 },
    token: ada.token,
  });

describe("runAgent's model is one the product offers (SPEC §9)", () => {
  it.each(REFUSED_MODELS)('REST refuses %s with 422 naming ai_model', async (model) => {
    const answer = await runOverRest(model);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ ai_model: [OFFERED] });
  });

  it.each(REFUSED_MODELS)('GraphQL refuses %s with BAD_USER_INPUT naming the field', async (model) => {
    const answer = await graphql(
      product.baseUrl,
      RUN,
      { input: { family: 'bl', aiModel: model, frequency: 3, levels: 1 } },
      ada.token,
    );
    const error = answer.body.errors?.[0];
    expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(error?.message).toBe(OFFERED);
    expect(Object.values(error?.extensions?.fields ?? {})).toEqual([[OFFERED]]);
  });

  it('takes every offered model, and the placeholder still gets the spec message', async () => {
    for (const model of AI_MODELS) expect((await runOverRest(model)).status).toBe(202);
    const placeholder = await runOverRest('Select Model');
    expect(placeholder.status).toBe(422);
    expect(placeholder.body.message).toBe('Please enter a valid frequency first. or select any AI model');
  });
});
