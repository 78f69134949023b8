import { signUp, type SignedInUser } from '../ai/ai-users';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { graphql, requestJson } from '../support/http';

/** A reason (the user's note on an item, which may reach a prompt) of any size is refused at the edge, never a 500. */
let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct();
});
afterAll(() => product.stop());

const ONE_MB = 'x'.repeat(1024 * 1024);
const TOO_LONG = 'x'.repeat(1001);
const REASON_MESSAGE = 'The ai reason must not be greater than 1000 characters.';

async function itemOf(user: SignedInUser): Promise<number> {
  const stored = await requestJson(product.baseUrl, 'POST', `/api/ai/response/tr/newStore/${user.id}`, {
    token: user.token,
    body: { ai_response: ['Gaffer'] },
  });
  expect(stored.status).toBe(200);
  return stored.body.ai_response[0].id;
}
const updateOverRest = (user: SignedInUser, id: number, reason: string) =>
  requestJson(product.baseUrl, 'POST', `/api/ai/response/tr/updateReason/${id}`, {
    token: user.token,
    body: { ai_reason: reason },
  });
const updateOverGraphql = (user: SignedInUser, id: number, reason: string) =>
  graphql(
    product.baseUrl,
    'mutation($id: Int!, $r: String!) { updateReason(family: tr, id: $id, reason: $r) { id } }',
    { id, r: reason },
    user.token,
  );

describe('the size of a reason', () => {
  it('refuses a 1 MB reason with 413 over REST and GraphQL, before any service sees it', async () => {
    const user = await signUp(product.baseUrl);
    const id = await itemOf(user);
    const rest = await updateOverRest(user, id, ONE_MB);
    expect(rest.status).toBe(413);
    expect(rest.body.message).toBe('The request body is too large: the limit is 1024 KB.');
    const viaGraphql = await updateOverGraphql(user, id, ONE_MB);
    expect(viaGraphql.status).toBe(413);
  });

  it('refuses a reason past 1,000 characters with a field message (422 / BAD_USER_INPUT)', async () => {
    const user = await signUp(product.baseUrl);
    const id = await itemOf(user);
    const rest = await updateOverRest(user, id, TOO_LONG);
    expect(rest.status).toBe(422);
    expect(rest.body.errors).toEqual({ ai_reason: [REASON_MESSAGE] });
    const viaGraphql = await updateOverGraphql(user, id, TOO_LONG);
    expect(viaGraphql.body.errors?.[0]).toMatchObject({
      message: REASON_MESSAGE,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // 1,000 characters are kept.
    expect((await updateOverRest(user, id, 'x'.repeat(1000))).status).toBe(200);
  });
});
