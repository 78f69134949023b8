import { randomBytes } from 'node:crypto';
import { NatsBus } from '@promptloom/shared';
import { graphql, requestJson } from '../support/http';
import { deleteNamespaceStreams } from '../support/nats';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { TEST_NATS_URL } from '../support/processes';
import { runSql } from '../support/sql';
import { signUp, type SignedInUser } from './ai-users';

const SEEDED = 5_000;
/** Long agent roles make each item ≈ 0.5 kB, so the whole list is well over NATS's 1 MB message limit. */
const ROLE = 'a'.repeat(300);

/**
 * Issue 14, "Problems seen": a list larger than one bus message is read over REST and GraphQL on the real NATS bus,
 * the service answering in bounded pages and the gateway putting the whole list together (SPEC §7 bodies as
 * they are).
 */
describe('a list of 5,000 items on NATS', () => {
  const namespace = `biglist-${randomBytes(4).toString('hex')}`;
  let product: TestProduct;
  let ada: SignedInUser;

  beforeAll(async () => {
    // Generous: pages of half a megabyte on a machine shared with other suites.
    const bus = await NatsBus.connect({
      servers: TEST_NATS_URL,
      namespace,
      name: 'large-list',
      requestTimeoutMs: 30_000,
    });
    product = await startTestProduct({ bus });
    ada = await signUp(product.baseUrl);
    await runSql(
      product.database.url,
      `insert into ai.list_items (user_id, family, ai_response, name_key, agent_role)
       select $1, 'tl', 'Seeded ' || n, 'seeded ' || n, $2 from generate_series(1, $3::int) as n`,
      [ada.id, ROLE, SEEDED],
    );
  }, 60_000);
  afterAll(async () => {
    await product?.stop();
    await deleteNamespaceStreams(namespace);
  });

  const names = (items: Array<{ ai_response?: string; aiResponse?: string }>) =>
    items.map((item) => item.ai_response ?? item.aiResponse);
  const seededNames = Array.from({ length: SEEDED }, (_, i) => `Seeded ${i + 1}`);

  it('is larger than one bus message', () => {
    expect(SEEDED * (ROLE.length + 100)).toBeGreaterThan(product.bus.maxPayloadBytes());
  });

  it('reads back whole, in order, over REST get and GraphQL aiList', async () => {
    const rest = await requestJson(product.baseUrl, 'GET', `/api/ai/response/tl/get/${ada.id}`, {
      token: ada.token,
    });
    expect(rest.status).toBe(200);
    expect(names(rest.body.ai_response)).toEqual(seededNames);

    const query = await graphql(
      product.baseUrl,
      '{ aiList(family: tl) { items { aiResponse } } }',
      {},
      ada.token,
    );
    expect(query.body.errors).toBeUndefined();
    expect(names(query.body.data.aiList.items)).toEqual(seededNames);
  });

  it('answers a write with the whole list, over REST newstore and GraphQL addCustomItem', async () => {
    const stored = await requestJson(product.baseUrl, 'POST', `/api/ai/response/tl/newstore/${ada.id}`, {
      token: ada.token,
      body: { ai_response: ['Added by rest'] },
    });
    expect(stored.status).toBe(200);
    expect(names(stored.body.ai_response)).toEqual([...seededNames, 'Added by rest']);

    const added = await graphql(
      product.baseUrl,
      'mutation { addCustomItem(family: tl, text: "Added by graphql") { items { aiResponse } } }',
      {},
      ada.token,
    );
    expect(added.body.errors).toBeUndefined();
    expect(names(added.body.data.addCustomItem.items)).toEqual([
      ...seededNames,
      'Added by rest',
      'Added by graphql',
    ]);
  });
});
