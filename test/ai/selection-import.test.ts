import { graphql, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { signUp, type SignedInUser } from './ai-users';

let product: TestProduct;

beforeAll(async () => {
  product = await startTestProduct();
});
afterAll(async () => {
  await product.stop();
});

const gql = (user: SignedInUser, query: string, variables: Record<string, unknown> = {}) =>
  graphql(product.baseUrl, query, variables, user.token);

const SELECTION = 'activeTypes activeElements activePro subElements { elementId subElementIds }';
const IMPORT = `mutation($input: ImportSelectionInput!) { importSelection(input: $input) { ${SELECTION} } }`;

async function addItem(user: SignedInUser, family: string, text: string): Promise<number> {
  const { body } = await gql(
    user,
    'mutation($family: ListFamily!, $text: String!) { addCustomItem(family: $family, text: $text) { items { id aiResponse } } }',
    { family, text },
  );
  return body.data.addCustomItem.items.find((item: { aiResponse: string }) => item.aiResponse === text).id;
}

async function listOf(user: SignedInUser, family: string): Promise<string[]> {
  const { body } = await requestJson(product.baseUrl, 'GET', `/api/ai/response/${family}/get/${user.id}`, {
    token: user.token,
  });
  return body.ai_response.map((item: { ai_response: string }) => item.ai_response);
}

describe('importSelection (issue #19 paste-in import)', () => {
  it('activates items, chooses sub-elements with their elements and adds custom items, in one call', async () => {
    const ada = await signUp(product.baseUrl);
    const type = await addItem(ada, 'tl', 'Photography');
    const element = await addItem(ada, 'bl', 'Light');
    const existingCustom = await addItem(ada, 'tr', 'Portrait');
    const { body: subs } = await gql(
      ada,
      'mutation($elementId: Int!) { addCustomSubElement(elementId: $elementId, name: "Rim") { id name } }',
      { elementId: element },
    );
    const rim = subs.data.addCustomSubElement[0].id;

    const { body } = await gql(ada, IMPORT, {
      input: {
        items: [{ family: 'tl', itemId: type }],
        subElementIds: [rim],
        custom: [
          { family: 'bl', text: 'misty forest' },
          { family: 'tr', text: 'portrait' },
        ],
      },
    });
    expect(body.errors).toBeUndefined();
    const selection = body.data.importSelection;
    const forest = (await listOf(ada, 'bl')).indexOf('misty forest');
    expect(forest).toBeGreaterThanOrEqual(0);
    expect(selection.activeTypes).toEqual([type]);
    expect(selection.activeElements).toHaveLength(2);
    expect(selection.activeElements).toContain(element);
    expect(selection.activePro).toEqual([existingCustom]);
    expect(selection.subElements).toEqual([{ elementId: element, subElementIds: [rim] }]);
    // A custom item the user had already ("Portrait") is activated, not added again.
    expect(await listOf(ada, 'tr')).toEqual(['Portrait']);
  });

  it("changes nothing when one part is refused: another user's item, or a custom item of 30 characters", async () => {
    const ada = await signUp(product.baseUrl);
    const bob = await signUp(product.baseUrl);
    const bobsItem = await addItem(bob, 'tl', 'Secret');
    const refused = await gql(ada, IMPORT, {
      input: { items: [{ family: 'tl', itemId: bobsItem }], custom: [{ family: 'bl', text: 'Lake' }] },
    });
    expect(refused.body.errors![0]!.extensions!.code).toBe('NOT_FOUND');

    const tooLong = await gql(ada, IMPORT, {
      input: {
        custom: [
          { family: 'bl', text: 'Pond' },
          { family: 'bl', text: 'x'.repeat(30) },
        ],
      },
    });
    expect(tooLong.body.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(tooLong.body.errors![0]!.extensions!.fields)).toContain(
      'Each item must be under 30 characters.',
    );

    const wrongFamily = await gql(ada, IMPORT, { input: { custom: [{ family: 'br', text: 'Pond' }] } });
    expect(wrongFamily.body.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');

    expect(await listOf(ada, 'bl')).toEqual([]);
    const { body } = await gql(ada, `{ selection { ${SELECTION} } }`);
    expect(body.data.selection).toEqual({
      activeTypes: [],
      activeElements: [],
      activePro: [],
      subElements: [],
    });
  });

  it('answers over REST at the owner path only', async () => {
    const ada = await signUp(product.baseUrl);
    const bob = await signUp(product.baseUrl);
    const path = `/api/ai/selection/${ada.id}/import`;
    const body = { custom: [{ family: 'tl', text: 'Watercolour' }] };
    const stranger = await requestJson(product.baseUrl, 'POST', path, { token: bob.token, body });
    expect(stranger.status).toBe(403);
    const own = await requestJson(product.baseUrl, 'POST', path, { token: ada.token, body });
    expect(own.status).toBe(200);
    expect(own.body.active_types).toHaveLength(1);
    expect(await listOf(ada, 'tl')).toEqual(['Watercolour']);
    const bad = await requestJson(product.baseUrl, 'POST', path, { token: ada.token, body: { custom: 'x' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('custom');
  });
});
