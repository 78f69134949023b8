import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { aiEvents } from '@promptloom/proto';
import { NatsBus, onEvent } from '@promptloom/shared';
import { waitFor } from '@promptloom/shared/testing';
import { requestJson } from '../support/http';
import { deleteNamespaceStreams } from '../support/nats';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { TEST_NATS_URL } from '../support/processes';
import { subscribe } from '../support/subscriptions';
import { signUp, type SignedInUser } from './ai-users';

const BATCHES = 22;
const NAMES_PER_BATCH = 200;

/** A name of letters only (items keep letters, spaces and inner apostrophes), distinct for each n. */
function nameOf(n: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = '';
  for (let rest = n; word.length === 0 || rest > 0; rest = Math.floor(rest / 26)) word += letters[rest % 26];
  return `Element ${word}`;
}

const CHANGES = `subscription { listUpdated(family: bl) { version jobId added { id aiResponse } changed { id } removedIds } }`;

describe('issue 14 repro: 22 × newstore of 200 distinct names on real NATS', () => {
  const namespace = `fit-${randomBytes(4).toString('hex')}`;
  let product: TestProduct;
  let ada: SignedInUser;

  beforeAll(async () => {
    const bus = await NatsBus.connect({ servers: TEST_NATS_URL, namespace, name: 'list-events-fit' });
    product = await startTestProduct({ bus });
    ada = await signUp(product.baseUrl);
  }, 60_000);
  afterAll(async () => {
    await product?.stop();
    await deleteNamespaceStreams(namespace);
  });

  it('stores, publishes and delivers every item, each event a change that fits', async () => {
    const onBus: Array<{ version: number; added: number; bytes: number }> = [];
    await onEvent(product.bus, aiEvents.listUpdated, async (change) => {
      if (change.userId !== ada.id) return;
      onBus.push({
        version: change.version,
        added: change.added.length,
        bytes: JSON.stringify(change).length,
      });
    });
    const live = await subscribe(product.baseUrl, CHANGES, ada.token);

    for (let batch = 0; batch < BATCHES; batch++) {
      const names = Array.from({ length: NAMES_PER_BATCH }, (_, i) => nameOf(batch * NAMES_PER_BATCH + i));
      const stored = await requestJson(product.baseUrl, 'POST', `/api/ai/response/bl/newstore/${ada.id}`, {
        token: ada.token,
        body: { ai_response: names },
      });
      expect(stored.status).toBe(200);
      expect(stored.body.ai_response).toHaveLength((batch + 1) * NAMES_PER_BATCH);
    }

    const total = BATCHES * NAMES_PER_BATCH;
    await waitFor(() => live.received.length === BATCHES, `${BATCHES} changes over GraphQL`, 30_000);
    const changes = live.received.map((message) => message.listUpdated);
    expect(changes.map((change) => change.version)).toEqual(Array.from({ length: BATCHES }, (_, i) => i + 1));
    const delivered = changes.flatMap((change) =>
      change.added.map((item: { aiResponse: string }) => item.aiResponse),
    );
    expect(delivered).toHaveLength(total);
    expect(new Set(delivered).size).toBe(total);

    await waitFor(() => onBus.length === BATCHES, `${BATCHES} events on NATS`);
    expect(onBus.reduce((sum, event) => sum + event.added, 0)).toBe(total);
    expect(Math.max(...onBus.map((event) => event.bytes))).toBeLessThan(product.bus.maxPayloadBytes());

    const db = new Client({ connectionString: product.database.url });
    await db.connect();
    try {
      const stored = await db.query('select count(*)::int as count from ai.list_items where user_id = $1', [
        ada.id,
      ]);
      expect(stored.rows[0].count).toBe(total);
      const outbox = await db.query(
        `select count(*) filter (where "published_at" is null)::int as pending,
                count(*) filter (where "dead_at" is not null)::int as dead from ai.outbox`,
      );
      expect(outbox.rows[0]).toEqual({ pending: 0, dead: 0 });
    } finally {
      await db.end();
    }
    await live.close();
  }, 120_000);
});
