import { Client } from 'pg';
import { waitFor } from '@promptloom/shared/testing';
import { graphql, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { runSql } from '../support/sql';
import { signUp, type SignedInUser } from './ai-users';

// A reason written to an item (or sub-element) that is being deleted answers 404 / NOT_FOUND, never INTERNAL.
let product: TestProduct;
let ada: SignedInUser;
beforeAll(async () => {
  product = await startTestProduct();
  ada = await signUp(product.baseUrl);
});
afterAll(() => product.stop());

const api = (method: string, path: string, body?: unknown) =>
  requestJson(product.baseUrl, method, path, { token: ada.token, body });

let names = 0;
/** A new custom TL item of Ada's; its id. */
async function newItem(): Promise<number> {
  names += 1;
  const text = `Vanishing ${'x'.repeat(names)}`;
  const added = await api('POST', `/api/ai/response/tl/newstore/${ada.id}`, { ai_response: [text] });
  return added.body.ai_response.find((entry: { ai_response: string }) => entry.ai_response === text).id;
}

/** A new custom sub-element under a new BL element of Ada's; its id. */
async function newSubElement(): Promise<number> {
  names += 1;
  const text = `Element ${'y'.repeat(names)}`;
  const stored = await api('POST', `/api/ai/response/bl/newstore/${ada.id}`, { ai_response: [text] });
  const element = stored.body.ai_response.find(
    (entry: { ai_response: string }) => entry.ai_response === text,
  );
  const custom = await api('POST', `/api/ai/response/bltypes/newstore/${element.id}`, {
    name: ['Glow'],
    user_id: ada.id,
  });
  return custom.body.name[0].id;
}

const deleteRow = (table: string, id: number) =>
  runSql(product.database.url, `delete from "ai"."${table}" where "id" = $1`, [id]);

/** Deletes the row while a request waits on its lock: the test's transaction holds it until the request waits. */
async function deleteWhileWaiting(table: string, id: number, request: () => Promise<unknown>) {
  const holder = new Client({ connectionString: product.database.url });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query(`select 1 from "ai"."${table}" where "id" = $1 for update`, [id]);
    const answer = request();
    await waitFor(async () => {
      const waiting = await holder.query(
        `select count(*)::int as "n" from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      return waiting.rows[0].n > 0;
    }, 'the request waiting on the row');
    await holder.query(`delete from "ai"."${table}" where "id" = $1`, [id]);
    await holder.query('commit');
    return await answer;
  } finally {
    await holder.end();
  }
}

describe('updateReason on a vanished item', () => {
  it('answers 404 over REST and NOT_FOUND over GraphQL when the item was deleted first', async () => {
    const id = await newItem();
    await deleteRow('list_items', id);
    const rest = await api('POST', `/api/ai/response/tl/updateReason/${id}`, { ai_reason: 'late' });
    expect(rest.status).toBe(404);
    expect(rest.body.message).toBe('Item not found.');
    const graph = await graphql(
      product.baseUrl,
      'mutation($id: Int!) { updateReason(family: tl, id: $id, reason: "late") { id } }',
      { id },
      ada.token,
    );
    expect(graph.body.errors?.[0]).toMatchObject({
      message: 'Item not found.',
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('answers 404 (not a success for a row that is gone) when the item is deleted while the reason is written', async () => {
    const id = await newItem();
    const answer = (await deleteWhileWaiting('list_items', id, () =>
      api('POST', `/api/ai/response/tl/updateReason/${id}`, { ai_reason: 'mid-delete' }),
    )) as Awaited<ReturnType<typeof api>>;
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Item not found.');
  });

  it('answers 404 when a sub-element is deleted while its reason is being written', async () => {
    const id = await newSubElement();
    const answer = (await deleteWhileWaiting('sub_elements', id, () =>
      api('POST', `/api/ai/response/bltypes/updateReason/${id}`, { reason: 'mid-delete' }),
    )) as Awaited<ReturnType<typeof api>>;
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Sub-element not found.');
  });

  it('never answers INTERNAL when deletes and reason writes race, run many times', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 15; round += 1) {
      const id = await newItem();
      const [answer] = await Promise.all([
        api('POST', `/api/ai/response/tl/updateReason/${id}`, { ai_reason: `race ${round}` }),
        deleteRow('list_items', id),
      ]);
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status !== 200 && status !== 404)).toEqual([]);
  });
});
