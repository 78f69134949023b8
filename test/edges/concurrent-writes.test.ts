import { Client } from 'pg';
import { newUser, requestJson, type JsonResponse } from '../support/http';
import { startAdminFixture, type AdminFixture } from '../admin/admin-fixture';
import { OTHER_SIX, SIX, signUp } from '../signature/signature-helpers';

/**
 * Every upsert and insert-if-missing path under 20 identical requests at once: each answers 2xx (or, where the spec
 * makes the second one a conflict, a clear 4xx), never 5xx, and PostgreSQL holds one row.
 */
let fixture: AdminFixture;
beforeAll(async () => {
  fixture = await startAdminFixture('concurrent-admin@example.com');
});
afterAll(() => fixture.product.stop());

const PARALLEL = 20;

async function rowsOf(sql: string, values: unknown[]): Promise<number> {
  const client = new Client({ connectionString: fixture.product.database.url });
  await client.connect();
  try {
    const result = await client.query(sql, values);
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

const twentyAtOnce = (send: () => Promise<JsonResponse>) =>
  Promise.all(Array.from({ length: PARALLEL }, send)).then((answers) =>
    answers.map((answer) => answer.status),
  );

const asUser = (token: string, method: string, path: string, body?: unknown) =>
  requestJson(fixture.product.baseUrl, method, path, { token, body });

/** One answer 2xx, every other the given 4xx: what a create the spec refuses twice may answer. */
function expectOneCreatedRestRefused(statuses: number[], refused: number[]) {
  expect(statuses.filter((status) => status >= 200 && status < 300)).toHaveLength(1);
  for (const status of statuses.filter((each) => each >= 300)) expect(refused).toContain(status);
}

describe('concurrent writes are safe', () => {
  it('20 signature saves at once for one user: 20 × 2xx and one row, first save and replace alike', async () => {
    const user = await signUp(fixture.product.baseUrl);
    for (const names of [SIX, OTHER_SIX]) {
      const statuses = await twentyAtOnce(() =>
        asUser(user.token, 'POST', `/api/br/signature/store/${user.userId}`, {
          user_id: user.userId,
          username: 'Ada',
          signature: names,
          signatureElements: ['Light'],
        }),
      );
      expect(statuses).toEqual(Array(PARALLEL).fill(200));
      expect(await rowsOf('select 1 from signature.signatures where user_id = $1', [user.userId])).toBe(1);
      const read = await asUser(user.token, 'GET', `/api/br/signature/get/${user.userId}`);
      expect(read.body.data.signature).toEqual(names);
    }
  });

  it("20 admins setting one user's AI quota at once: 20 × 200 and one override row", async () => {
    const user = await signUp(fixture.product.baseUrl);
    const statuses = await twentyAtOnce(() =>
      fixture.asAdmin('PUT', `/api/admin/user/ai-quota/${user.userId}`, { daily_limit: 42 }),
    );
    expect(statuses).toEqual(Array(PARALLEL).fill(200));
    expect(await rowsOf('select 1 from ai.ai_quota_overrides where user_id = $1', [user.userId])).toBe(1);
    const cleared = await twentyAtOnce(() =>
      fixture.asAdmin('PUT', `/api/admin/user/ai-quota/${user.userId}`, { daily_limit: null }),
    );
    expect(cleared).toEqual(Array(PARALLEL).fill(200));
    expect(await rowsOf('select 1 from ai.ai_quota_overrides where user_id = $1', [user.userId])).toBe(0);
  });

  it('20 adds of one sub-element to one element at once: 20 × 200 and one row', async () => {
    const user = await signUp(fixture.product.baseUrl);
    const stored = await asUser(user.token, 'POST', `/api/ai/response/bl/store/${user.userId}`, {
      levels: 1,
      ai_model: 'gpt-4o',
      frequency: 1,
      ai_response: ['Light'],
    });
    const elementId: number = stored.body.ai_response[0].id;
    const statuses = await twentyAtOnce(() =>
      asUser(user.token, 'POST', `/api/ai/response/bltypes/store/${elementId}`, {
        bl_id: elementId,
        user_id: user.userId,
        name: ['Backlight'],
      }),
    );
    expect(statuses).toEqual(Array(PARALLEL).fill(200));
    expect(await rowsOf('select 1 from ai.sub_elements where element_id = $1', [elementId])).toBe(1);
  });

  it('20 stores of one list item with its agent settings at once: 20 × 200, one item and one settings row', async () => {
    const user = await signUp(fixture.product.baseUrl);
    const statuses = await twentyAtOnce(() =>
      asUser(user.token, 'POST', `/api/ai/response/tr/store/${user.userId}`, {
        levels: 1,
        ai_model: 'gpt-4o',
        frequency: 1,
        ai_response: ['Architect'],
        agent_role: 'Curator',
      }),
    );
    expect(statuses).toEqual(Array(PARALLEL).fill(200));
    expect(
      await rowsOf(`select 1 from ai.list_items where user_id = $1 and family = 'tr'`, [user.userId]),
    ).toBe(1);
    expect(
      await rowsOf(`select 1 from ai.agent_settings where user_id = $1 and family = 'tr'`, [user.userId]),
    ).toBe(1);
  });

  it('20 creates of one module, one mode and one mode type at once: one created, the rest a 422, one row each', async () => {
    const module = await twentyAtOnce(() =>
      fixture.asAdmin('POST', '/api/admin/modules/store', { name: 'Parallel module', status: 'Active' }),
    );
    expectOneCreatedRestRefused(module, [422]);
    expect(await rowsOf(`select id from admin.modules where lower(name) = 'parallel module'`, [])).toBe(1);
    const moduleId = (
      await rowsQuery(`select id from admin.modules where lower(name) = 'parallel module'`)
    )[0]!.id as number;

    const mode = await twentyAtOnce(() =>
      fixture.asAdmin('POST', '/api/admin/mode/store', { name: 'Parallel mode', module_id: moduleId }),
    );
    expectOneCreatedRestRefused(mode, [422]);
    expect(await rowsOf(`select id from admin.modes where lower(name) = 'parallel mode'`, [])).toBe(1);
    const modeId = (await rowsQuery(`select id from admin.modes where lower(name) = 'parallel mode'`))[0]!
      .id as number;

    const modeType = await twentyAtOnce(() =>
      fixture.asAdmin('POST', '/api/admin/modetype/store', {
        top_left: 'Left',
        top_right: 'Right',
        mode_id: modeId,
      }),
    );
    expectOneCreatedRestRefused(modeType, [422]);
    expect(await rowsOf(`select 1 from admin.mode_types where mode_id = $1`, [modeId])).toBe(1);
  });

  it('20 sign-ups with one email at once: one account, the rest refused with a 4xx', async () => {
    const user = newUser();
    const statuses = await twentyAtOnce(() =>
      requestJson(fixture.product.baseUrl, 'POST', '/api/signup', { body: user }),
    );
    // 422: the email is taken; 429: the password hashing queue was full (README "Limits at the edge").
    expectOneCreatedRestRefused(statuses, [422, 429]);
    expect(await rowsOf('select 1 from admin.users where email = $1', [user.email])).toBe(1);
  });
});

async function rowsQuery(sql: string): Promise<Array<Record<string, unknown>>> {
  const client = new Client({ connectionString: fixture.product.database.url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
}
