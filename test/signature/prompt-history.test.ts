import { waitFor } from '@promptloom/shared/testing';
import { graphql, requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { subscribe } from '../support/subscriptions';
import { deleteUserAndWaitForRows, signInAdmin, signUp, type SignedIn } from './signature-helpers';

const CAP = 25;
let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct({ promptHistoryCap: CAP });
});
afterAll(() => product.stop());

const SNAPSHOT = {
  selection: {
    types: ['Photography'],
    proItems: ['Architect'],
    elements: [{ name: 'Light', subElements: ['Beam'] }],
  },
  toggles: { hyperRealistic: true, eightK: false, fourK: false },
  target: 'sdxl',
};
const VERSION_FIELDS = `id prompt negativePrompt origin createdAt
  snapshot { target toggles { hyperRealistic eightK fourK } selection { types proItems signature elements { name subElements } } }`;
const SAVED = `subscription { promptVersionSaved { sequence version { id prompt origin } } }`;
const SAVE = `mutation ($input: PromptVersionInput!) { savePromptVersion(input: $input) { saved version { id } } }`;
const HISTORY = `query ($first: Int, $after: String, $search: String, $origin: PromptVersionOrigin) {
  promptHistory(first: $first, after: $after, search: $search, origin: $origin) { nextCursor items { ${VERSION_FIELDS} } } }`;

const save = (user: SignedIn, body: Record<string, unknown>) =>
  requestJson(product.baseUrl, 'POST', '/api/stream/history', {
    token: user.token,
    body: { snapshot: SNAPSHOT, ...body },
  });
const list = (user: SignedIn, query = '') =>
  requestJson(product.baseUrl, 'GET', `/api/stream/history${query}`, { token: user.token });

async function saveMany(user: SignedIn, count: number, prompt = (i: number) => `a lake number ${i}`) {
  for (let i = 1; i <= count; i += 1) {
    const origin = i % 3 === 0 ? 'refined' : 'edited';
    expect((await save(user, { prompt: prompt(i), origin })).status).toBe(201);
  }
}

describe('prompt history over REST', () => {
  it('saves a version with its snapshot and skips an identical consecutive prompt and origin', async () => {
    const user = await signUp(product.baseUrl);
    const first = await save(user, { prompt: 'a calm lake', negativePrompt: 'blur', origin: 'assembled' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      saved: true,
      version: { userId: user.userId, prompt: 'a calm lake', negativePrompt: 'blur', origin: 'assembled' },
    });
    expect(first.body.version.snapshot).toEqual({
      ...SNAPSHOT,
      selection: { ...SNAPSHOT.selection, signature: [] },
    });

    const again = await save(user, { prompt: 'a calm lake', negativePrompt: 'blur', origin: 'assembled' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ saved: false, version: { id: first.body.version.id } });
    // The same text with another origin is a new step of the history.
    expect(
      (await save(user, { prompt: 'a calm lake', negativePrompt: 'blur', origin: 'copied' })).status,
    ).toBe(201);
    expect(
      (await save(user, { prompt: 'a calm lake', negativePrompt: 'blur', origin: 'assembled' })).status,
    ).toBe(201);

    const page = await list(user);
    expect(page.status).toBe(200);
    expect(page.body.items.map((version: { origin: string }) => version.origin)).toEqual([
      'assembled',
      'copied',
      'assembled',
    ]);
    expect(page.body.nextCursor).toBeNull();
  });

  it('pages newest first by cursor, searches the text and filters by origin', async () => {
    const user = await signUp(product.baseUrl);
    await saveMany(user, 20, (i) => (i === 7 ? 'a Misty_lake at dawn' : `a lake number ${i}`));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?first=6${cursor ? `&after=${cursor}` : ''}`;
      const page = await list(user, query);
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((version: { prompt: string }) => version.prompt));
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(20);
    expect(seen[0]).toBe('a lake number 20');
    expect(seen[19]).toBe('a lake number 1');

    // Case-insensitive, and '_' is a character, not a wildcard.
    const found = await list(user, '?search=misty_LAKE');
    expect(found.body.items.map((version: { prompt: string }) => version.prompt)).toEqual([
      'a Misty_lake at dawn',
    ]);
    expect((await list(user, '?search=misty%25lake')).body.items).toEqual([]);

    const refined = await list(user, '?origin=refined&first=100');
    expect(refined.body.items).toHaveLength(6);
    expect(new Set(refined.body.items.map((version: { origin: string }) => version.origin))).toEqual(
      new Set(['refined']),
    );

    // A version and the one before it (what Refine changed).
    const third = refined.body.items[5];
    const one = await requestJson(product.baseUrl, 'GET', `/api/stream/history/${third.id}`, {
      token: user.token,
    });
    expect(one.status).toBe(200);
    expect(one.body.version.prompt).toBe('a lake number 3');
    expect(one.body.previous.prompt).toBe('a lake number 2');
  });

  it('keeps the newest versions up to the cap', async () => {
    const user = await signUp(product.baseUrl);
    await saveMany(user, CAP + 4);
    const page = await list(user, '?first=100');
    expect(page.body.items).toHaveLength(CAP);
    expect(page.body.items[0].prompt).toBe(`a lake number ${CAP + 4}`);
    expect(page.body.items[CAP - 1].prompt).toBe('a lake number 5');
  });

  it('answers 422 naming the field for bad input, never a 500', async () => {
    const user = await signUp(product.baseUrl);
    const origin = await save(user, { prompt: 'x', origin: 'stolen' });
    expect(origin.status).toBe(422);
    expect(Object.keys(origin.body.errors)).toEqual(['origin']);
    const target = await save(user, {
      prompt: 'x',
      origin: 'copied',
      snapshot: { ...SNAPSHOT, target: 'dalle-9' },
    });
    expect(Object.keys(target.body.errors)).toEqual(['snapshot.target']);
    const empty = await save(user, { prompt: '   ', origin: 'copied' });
    expect(empty.body.errors).toEqual({ prompt: ['The prompt field is required.'] });
    const long = await save(user, { prompt: 'a'.repeat(20_001), origin: 'copied' });
    expect(long.status).toBe(422);
    expect((await list(user, '?first=500')).body.errors).toEqual({
      first: ['The first field must not be greater than 100.'],
    });
    expect((await list(user, '?after=abc')).body.errors).toEqual({ after: ['The cursor is not valid.'] });
    expect((await list(user, '?origin=nope')).status).toBe(422);
    const missing = await requestJson(product.baseUrl, 'GET', '/api/stream/history/999999', {
      token: user.token,
    });
    expect(missing.status).toBe(404);
    expect((await requestJson(product.baseUrl, 'GET', '/api/stream/history')).status).toBe(401);
  });

  it("gives another user and an admin nothing of someone's history, and goes with a deleted user", async () => {
    const owner = await signUp(product.baseUrl);
    const other = await signUp(product.baseUrl);
    const admin = await signInAdmin(product.baseUrl, product.buses.admin);
    const saved = await save(owner, { prompt: 'my private lake', origin: 'copied' });
    const id: number = saved.body.version.id;

    expect((await list(other)).body.items).toEqual([]);
    expect((await list(other, '?search=private')).body.items).toEqual([]);
    // A user id in the query or body is ignored: the history is always the caller's own.
    expect((await list(other, `?userId=${owner.userId}`)).body.items).toEqual([]);
    await save(other, { prompt: 'planted', origin: 'copied', userId: owner.userId });
    expect((await list(owner)).body.items.map((version: { prompt: string }) => version.prompt)).toEqual([
      'my private lake',
    ]);
    for (const stranger of [other, admin]) {
      const read = await requestJson(product.baseUrl, 'GET', `/api/stream/history/${id}`, {
        token: stranger.token,
      });
      expect(read.status).toBe(404);
      expect(JSON.stringify(read.body)).not.toContain('private');
    }

    await deleteUserAndWaitForRows(product, owner.userId, 'prompt_versions');
    expect((await list(other)).body.items).toHaveLength(1);
  });
});

describe('prompt history over GraphQL', () => {
  it("saves, pages and filters, and tells only the owner's other devices of a new version", async () => {
    const owner = await signUp(product.baseUrl);
    const stranger = await signUp(product.baseUrl);
    const otherTab = await subscribe(product.baseUrl, SAVED, owner.token);
    const strangerLive = await subscribe(product.baseUrl, SAVED, stranger.token);

    const input = { prompt: 'a quiet harbour', origin: 'refined', snapshot: SNAPSHOT };
    const saved = await graphql(product.baseUrl, SAVE, { input }, owner.token);
    expect(saved.body.errors).toBeUndefined();
    expect(saved.body.data.savePromptVersion.saved).toBe(true);
    await waitFor(() => otherTab.received.length >= 1, "the owner's other tab hears of the version");
    expect(otherTab.received[0]!.promptVersionSaved.version).toMatchObject({
      prompt: 'a quiet harbour',
      origin: 'refined',
    });

    // The stranger's own version reaches the stranger after the owner's: had the owner's reached them, it'd be first.
    await graphql(product.baseUrl, SAVE, { input: { ...input, prompt: 'mine' } }, stranger.token);
    await waitFor(() => strangerLive.received.length >= 1, "the stranger's own version");
    expect(strangerLive.received.map((event) => event.promptVersionSaved.version.prompt)).toEqual(['mine']);

    const page = await graphql(
      product.baseUrl,
      HISTORY,
      { origin: 'refined', search: 'HARBOUR' },
      owner.token,
    );
    expect(page.body.data.promptHistory.items).toHaveLength(1);
    expect(page.body.data.promptHistory.items[0].snapshot).toMatchObject({
      target: 'sdxl',
      toggles: { hyperRealistic: true },
      selection: { types: ['Photography'], elements: [{ name: 'Light', subElements: ['Beam'] }] },
    });
    const theirs = await graphql(product.baseUrl, HISTORY, {}, stranger.token);
    expect(theirs.body.data.promptHistory.items.map((version: { prompt: string }) => version.prompt)).toEqual(
      ['mine'],
    );
    const foreign = await graphql(
      product.baseUrl,
      `{ promptVersion(id: ${saved.body.data.savePromptVersion.version.id}) { version { prompt } } }`,
      {},
      stranger.token,
    );
    expect(foreign.body.errors![0]!.extensions).toMatchObject({ code: 'NOT_FOUND' });

    const bad = await graphql(product.baseUrl, HISTORY, { first: 0 }, owner.token);
    expect(bad.body.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { first: ['The first field must be at least 1.'] },
    });
    await Promise.all([otherTab.close(), strangerLive.close()]);
  });
});
