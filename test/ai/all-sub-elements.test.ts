import { InProcessBus } from '@promptloom/shared';
import { graphql } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { signUp, type SignedInUser } from './ai-users';

/** Small enough that two elements' sub-elements take several pages, large enough for every other message. */
const MAX_PAYLOAD_BYTES = 16_384;
const PER_ELEMENT = 100;

let product: TestProduct;

beforeAll(async () => {
  const bus = new InProcessBus({ requestTimeoutMs: 15_000, maxPayloadBytes: MAX_PAYLOAD_BYTES });
  product = await startTestProduct({ bus });
});
afterAll(async () => {
  await product.stop();
});

const gql = (user: SignedInUser, query: string, variables: Record<string, unknown> = {}) =>
  graphql(product.baseUrl, query, variables, user.token);

async function elementWith(user: SignedInUser, text: string, names: string[]): Promise<number> {
  const added = await gql(
    user,
    'mutation($text: String!) { addCustomItem(family: bl, text: $text) { items { id aiResponse } } }',
    { text },
  );
  const element = added.body.data.addCustomItem.items.find(
    (item: { aiResponse: string }) => item.aiResponse === text,
  ).id;
  const stored = await gql(
    user,
    'mutation($elementId: Int!, $names: [String!]!) { storeSubElements(elementId: $elementId, names: $names) { id } }',
    { elementId: element, names },
  );
  expect(stored.body.errors).toBeUndefined();
  return element;
}

const ALL = '{ allSubElements { id name elementId userId } }';

describe('allSubElements (the import preview reads every sub-element in one query)', () => {
  it("answers every sub-element of all the caller's elements, put together from several bus pages", async () => {
    const ada = await signUp(product.baseUrl);
    const bob = await signUp(product.baseUrl);
    const namesOf = (prefix: string) =>
      Array.from({ length: PER_ELEMENT }, (_, n) => `${prefix} detail ${n}`);
    const light = await elementWith(ada, 'Light', namesOf('light'));
    const shadow = await elementWith(ada, 'Shadow', namesOf('shadow'));
    await elementWith(bob, 'Secret', ['bob only']);

    const { body } = await gql(ada, ALL);
    expect(body.errors).toBeUndefined();
    const rows: Array<{ id: number; name: string; elementId: number; userId: number }> =
      body.data.allSubElements;
    // More than one page's budget (half the bus's largest message) of JSON: the gateway read several pages.
    expect(Buffer.byteLength(JSON.stringify(rows))).toBeGreaterThan(MAX_PAYLOAD_BYTES / 2);
    expect(rows).toHaveLength(2 * PER_ELEMENT);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    expect(rows.every((row) => row.userId === ada.id)).toBe(true);
    expect(rows.filter((row) => row.elementId === light).map((row) => row.name)).toEqual(namesOf('light'));
    expect(rows.filter((row) => row.elementId === shadow).map((row) => row.name)).toEqual(namesOf('shadow'));
  });

  it('answers an empty list to a user with no sub-elements, and refuses a caller who is not signed in', async () => {
    const carol = await signUp(product.baseUrl);
    const { body } = await gql(carol, ALL);
    expect(body.data.allSubElements).toEqual([]);
    const anonymous = await graphql(product.baseUrl, ALL, {});
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
