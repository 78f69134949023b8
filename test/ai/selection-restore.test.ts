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
const RESTORE = `mutation($input: RestoreSelectionInput!) {
  restoreSelection(input: $input) { missing selection { ${SELECTION} } } }`;
const ACTIVATE = `mutation($family: ListFamily!, $id: Int!) { setItemActive(family: $family, itemId: $id, active: true) { activeTypes } }`;

async function addItem(user: SignedInUser, family: string, text: string): Promise<number> {
  const { body } = await gql(
    user,
    'mutation($family: ListFamily!, $text: String!) { addCustomItem(family: $family, text: $text) { items { id aiResponse } } }',
    { family, text },
  );
  return body.data.addCustomItem.items.find((item: { aiResponse: string }) => item.aiResponse === text).id;
}

async function addSubElement(user: SignedInUser, elementId: number, name: string): Promise<number> {
  const { body } = await gql(
    user,
    'mutation($elementId: Int!, $name: String!) { addCustomSubElement(elementId: $elementId, name: $name) { id name } }',
    { elementId, name },
  );
  return body.data.addCustomSubElement.find((sub: { name: string }) => sub.name === name).id;
}

describe('restoreSelection (issue #19 restoring a prompt version)', () => {
  it('replaces the whole selection by name, with each element’s sub-elements, and counts what no longer exists', async () => {
    const ada = await signUp(product.baseUrl);
    const photo = await addItem(ada, 'tl', 'Photography');
    const painting = await addItem(ada, 'tl', 'Painting');
    const light = await addItem(ada, 'bl', 'Light');
    const shadow = await addItem(ada, 'bl', 'Shadow');
    const architect = await addItem(ada, 'tr', 'Architect');
    const beam = await addSubElement(ada, light, 'Beam');
    await addSubElement(ada, light, 'Glow');
    // Today's selection: Painting and Shadow, which the restore must turn off.
    await gql(ada, ACTIVATE, { family: 'tl', id: painting });
    await gql(ada, ACTIVATE, { family: 'bl', id: shadow });

    const { body } = await gql(ada, RESTORE, {
      input: {
        types: ['photography'],
        proItems: ['Architect', 'Deleted pro'],
        elements: [
          { name: 'Light', subElements: ['Beam', 'Gone'] },
          { name: 'Deleted element', subElements: ['Any'] },
        ],
      },
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.restoreSelection).toEqual({
      missing: 4,
      selection: {
        activeTypes: [photo],
        activeElements: [light],
        activePro: [architect],
        subElements: [{ elementId: light, subElementIds: [beam] }],
      },
    });
    const { body: read } = await gql(ada, `{ selection { ${SELECTION} } }`);
    expect(read.data.selection).toEqual(body.data.restoreSelection.selection);
  });

  it("never reaches another user's items, and refuses bad input with field messages", async () => {
    const ada = await signUp(product.baseUrl);
    const bob = await signUp(product.baseUrl);
    await addItem(bob, 'tl', 'Secret type');
    const { body } = await gql(ada, RESTORE, { input: { types: ['Secret type'] } });
    expect(body.data.restoreSelection).toMatchObject({ missing: 1, selection: { activeTypes: [] } });

    const tooMany = await gql(ada, RESTORE, {
      input: { types: Array.from({ length: 101 }, (_, index) => `Type ${index}`) },
    });
    expect(tooMany.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { types: ['The types must not have more than 100 items.'] },
    });
  });

  it('works the same over REST, for the path owner only, with field messages for bad input', async () => {
    const ada = await signUp(product.baseUrl);
    const bob = await signUp(product.baseUrl);
    const light = await addItem(ada, 'bl', 'Light');
    const beam = await addSubElement(ada, light, 'Beam');
    const path = `/api/ai/selection/${ada.id}/restore`;

    const restored = await requestJson(product.baseUrl, 'POST', path, {
      token: ada.token,
      body: { elements: [{ name: 'light', sub_elements: ['beam', 'Gone'] }] },
    });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      missing: 1,
      selection: { active_elements: [light], sub_elements: { [light]: [beam] } },
    });

    const asBob = await requestJson(product.baseUrl, 'POST', path, { token: bob.token, body: {} });
    expect(asBob.status).toBe(403);

    const bad = await requestJson(product.baseUrl, 'POST', path, {
      token: ada.token,
      body: { elements: 'Light' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ elements: ['The elements field must be a list.'] });
  });
});
