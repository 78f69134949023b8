import { Client } from 'pg';
import { AI_SCHEMA, aiMigrations } from '@promptloom/ai-worker';
import { InProcessBus, openDatabase } from '@promptloom/shared';
import { createTestDatabase, waitFor } from '@promptloom/shared/testing';
import { graphql, requestJson } from '../support/http';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { subscribe } from '../support/subscriptions';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { signUp } from './ai-users';

describe('a list never holds one name twice', () => {
  let product: TestProduct;
  beforeAll(async () => {
    // Writes that add the same names wait for each other's commit; on a loaded machine ten in a row can take longer
    // than the default 5 s request timeout, which is not what this test is about.
    product = await startTestProduct({ bus: new InProcessBus({ requestTimeoutMs: 60_000 }) });
  });
  afterAll(() => product.stop());

  it('stores each name once when concurrent writes add the same names', async () => {
    const ada = await signUp(product.baseUrl);
    const shared = ['Beta', 'Gamma', 'Epsilon', 'Delta'];
    const writes = Array.from({ length: 10 }, (_, n) =>
      requestJson(product.baseUrl, 'POST', `/api/ai/response/bl/${n % 2 ? 'newstore' : 'store'}/${ada.id}`, {
        token: ada.token,
        body: {
          // Same names, other spellings: the normalised name decides.
          ai_response: [
            ...shared.map((name) => (n % 3 ? name : name.toUpperCase())),
            `Own ${'x'.repeat(n + 1)}`,
          ],
          ...(n % 2 ? {} : { levels: 1, ai_model: 'gpt-4o', frequency: 5 }),
        },
      }),
    );
    const answers = await Promise.all(writes);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual([]);

    const list = await requestJson(product.baseUrl, 'GET', `/api/ai/response/bl/get/${ada.id}`, {
      token: ada.token,
    });
    const names = list.body.ai_response.map((item: { ai_response: string }) =>
      item.ai_response.toLowerCase(),
    );
    expect(names).toHaveLength(shared.length + 10);
    expect(new Set(names).size).toBe(names.length);
    for (const name of shared)
      expect(names.filter((stored: string) => stored === name.toLowerCase())).toHaveLength(1);
  });
});

describe('concurrent runs whose provider returns the same names', () => {
  let product: TestProduct;
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    fake.fallback = () => ({ content: 'Light: Beta, Gamma, Epsilon, Delta' });
    product = await startTestProduct({
      openAiBaseUrl: fake.baseUrl,
      bus: new InProcessBus({ requestTimeoutMs: 60_000 }),
    });
  });
  afterAll(async () => {
    await product.stop();
    await fake.close();
  });

  it('stores each name once, however the ten runs interleave', async () => {
    const ada = await signUp(product.baseUrl);
    const done = await subscribe(
      product.baseUrl,
      'subscription { listUpdated(family: bl) { jobId } }',
      ada.token,
    );
    // A run that finds every name taken may end either way; what matters is that it ended.
    const failed = await subscribe(product.baseUrl, 'subscription { generationFailed { jobId } }', ada.token);
    const ended = (jobId: string) =>
      done.received.some((message) => message.listUpdated.jobId === jobId) ||
      failed.received.some((message) => message.generationFailed.jobId === jobId);
    const runs = await Promise.all(
      Array.from({ length: 10 }, () =>
        graphql(
          product.baseUrl,
          'mutation($input: RunAgentInput!) { runAgent(input: $input) { jobId status } }',
          { input: { family: 'bl', aiModel: 'gpt-4o', frequency: 4 } },
          ada.token,
        ),
      ),
    );
    expect(runs.map((run) => run.body.errors)).toEqual(runs.map(() => undefined));
    const jobIds = runs.map((run) => run.body.data.runAgent.jobId as string);
    expect(new Set(jobIds).size).toBe(10);
    await waitFor(() => jobIds.every(ended), 'every run to end', 60_000);
    await Promise.all([done.close(), failed.close()]);
    expect(done.received.length).toBeGreaterThan(0);

    const list = await requestJson(product.baseUrl, 'GET', `/api/ai/response/bl/get/${ada.id}`, {
      token: ada.token,
    });
    const names = list.body.ai_response.map((item: { ai_response: string }) => item.ai_response);
    expect(names.sort()).toEqual(['Beta', 'Delta', 'Epsilon', 'Gamma']);
  }, 90_000);
});

describe('migration 0003 merges the duplicates stored before it', () => {
  it('keeps the oldest of each name, with a reason and the sub-elements only a copy had', async () => {
    const database = await createTestDatabase();
    const before = await openDatabase({
      url: database.url,
      schema: AI_SCHEMA,
      entities: [],
      migrations: aiMigrations.filter((migration) => migration.name < '0003'),
    });
    await before.close();
    const db = new Client({ connectionString: database.url });
    await db.connect();
    try {
      const insert = async (userId: number, text: string, reason: string | null) =>
        (
          await db.query(
            `insert into ai.list_items (user_id, family, ai_response, ai_reason) values ($1, 'bl', $2, $3) returning id`,
            [userId, text, reason],
          )
        ).rows[0].id as number;
      const beta = await insert(7, 'Beta', null);
      const betaCopy = await insert(7, 'beta', 'kept reason');
      await insert(7, 'Gamma', null);
      await insert(7, 'GAMMA!', null);
      const otherUsersBeta = await insert(8, 'Beta', null);
      await db.query(
        `insert into ai.sub_elements (element_id, user_id, name, bl_name) values ($1, 7, 'Sub', 'Beta')`,
        [betaCopy],
      );

      const after = await openDatabase({
        url: database.url,
        schema: AI_SCHEMA,
        entities: [],
        migrations: aiMigrations,
      });
      await after.close();

      const rows = await db.query(
        'select id, user_id, ai_response, ai_reason, name_key from ai.list_items order by id',
      );
      expect(rows.rows.map((row) => [row.user_id, row.ai_response, row.name_key])).toEqual([
        [7, 'Beta', 'beta'],
        [7, 'Gamma', 'gamma'],
        [8, 'Beta', 'beta'],
      ]);
      expect(rows.rows[0]).toMatchObject({ id: beta, ai_reason: 'kept reason' });
      expect(rows.rows[2].id).toBe(otherUsersBeta);
      const subs = await db.query('select element_id from ai.sub_elements');
      expect(subs.rows).toEqual([{ element_id: beta }]);
      await expect(
        db.query(
          `insert into ai.list_items (user_id, family, ai_response, name_key) values (7, 'bl', 'BETA', 'beta')`,
        ),
      ).rejects.toThrow(/list_items_user_family_name_unique/);
    } finally {
      await db.end();
      await database.drop();
    }
  });
});
