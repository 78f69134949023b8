import { aiProviderGaveUpMessage } from '@promptloom/proto';
import { waitFor } from '@promptloom/shared/testing';
import { graphql } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { subscribe } from '../support/subscriptions';
import { signUp, type SignedInUser } from './ai-users';

let product: TestProduct;
let fake: FakeOpenAiServer;
let ada: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  product = await startTestProduct({
    openAiBaseUrl: fake.baseUrl,
    aiProviderTimeoutMs: 1000,
    aiJobs: { retryForMs: 4_000, retryMinDelayMs: 100, retryMaxDelayMs: 400 },
  });
  ada = await signUp(product.baseUrl);
  bob = await signUp(product.baseUrl);
});
afterAll(async () => {
  await product.stop();
  await fake.close();
});

const gql = (user: SignedInUser, query: string, variables: Record<string, unknown> = {}) =>
  graphql(product.baseUrl, query, variables, user.token);

const RUN = `mutation($input: RunAgentInput!) { runAgent(input: $input) { jobId status nextDate } }`;
const LIST_UPDATED = (family: string, after = '') =>
  `subscription { listUpdated(family: ${family}${after}) { family jobId sequence items { id aiResponse category } run { state } } }`;

/** A streamed run publishes each item as it comes; its last update says it is done. */
const ended = (update: { listUpdated: { run: { state: string } | null } }) =>
  update.listUpdated.run === null || update.listUpdated.run.state !== 'running';
const lastOf = (received: Array<{ listUpdated: { run: { state: string } | null } }>) => received.find(ended)!;
const FAILED = 'subscription { generationFailed { jobId family message } }';

describe('running agents over GraphQL, results arriving by subscription', () => {
  it("fills the Types list live in every one of the owner's connections, and in nobody else's", async () => {
    const [tabOne, tabTwo, stranger] = await Promise.all([
      subscribe(product.baseUrl, LIST_UPDATED('tl'), ada.token),
      subscribe(product.baseUrl, LIST_UPDATED('tl'), ada.token),
      subscribe(product.baseUrl, LIST_UPDATED('tl'), bob.token),
    ]);
    fake.reply({ content: 'Painting\nSculpture\nImage\nCollage two\nMosaic' });
    const run = await gql(ada, RUN, { input: { family: 'tl', aiModel: 'gpt-4o', frequency: 6, levels: 1 } });
    expect(run.body.data.runAgent).toMatchObject({ status: 'queued', jobId: expect.any(String) });
    await waitFor(() => tabOne.received.some(ended) && tabTwo.received.some(ended), 'the list in both tabs');
    const update = lastOf(tabOne.received).listUpdated as any;
    expect(update.jobId).toBe(run.body.data.runAgent.jobId);
    // 4 seeds kept, 2 new single-word types asked for; the reply's extras are cut to the frequency.
    expect(update.items).toHaveLength(6);
    expect(update.items.slice(0, 4).map((item: { aiResponse: string }) => item.aiResponse)).toEqual([
      'Photography',
      'Art',
      'Cartography',
      'Illustration',
    ]);
    expect(fake.requests[fake.requests.length - 1]!.body.messages.at(-1)!.content).toContain(
      'List 2 types of images',
    );
    // Nothing of Ada's reached Bob: his own later change (the marker) is the first thing his connection received.
    await gql(bob, 'mutation { addCustomItem(family: tl, text: "Marker") { family } }');
    await waitFor(() => stranger.received.length > 0, "Bob's own change");
    expect(stranger.received).toHaveLength(1);
    expect(
      stranger.received[0].listUpdated.items.map((item: { aiResponse: string }) => item.aiResponse),
    ).toContain('Marker');
    await Promise.all([tabOne.close(), tabTwo.close(), stranger.close()]);

    // Run gating: at level 1 ('1d') the Types agent may not run again today.
    const again = await gql(ada, RUN, {
      input: { family: 'tl', aiModel: 'gpt-4o', frequency: 6, levels: 1 },
    });
    expect(again.body.data.runAgent).toMatchObject({
      status: 'not_due',
      jobId: null,
      nextDate: expect.any(String),
    });
    const settings = await gql(ada, '{ previousSettings(family: tl) { aiModel frequency levels date } }');
    expect(settings.body.data.previousSettings).toMatchObject({ aiModel: 'gpt-4o', frequency: 6, levels: 1 });
  });

  it("reports a refused request as 'Error occurred while processing.' and an empty reply as 'No response from AI.'", async () => {
    const failures = await subscribe(product.baseUrl, FAILED, bob.token);
    fake.reply({ status: 400, error: 'bad request' });
    const failed = await gql(bob, RUN, { input: { family: 'br', aiModel: 'gpt-4o', frequency: 3 } });
    await waitFor(() => failures.received.length === 1, 'the failure', 15_000);
    expect(failures.received[0].generationFailed).toEqual({
      jobId: failed.body.data.runAgent.jobId,
      family: 'br',
      message: 'Error occurred while processing.',
    });
    fake.reply({ content: '' });
    await gql(bob, RUN, { input: { family: 'br', aiModel: 'gpt-4o', frequency: 3 } });
    await waitFor(() => failures.received.length === 2, 'the empty reply');
    expect(failures.received[1].generationFailed.message).toBe('No response from AI.');
    await failures.close();
  });

  it('retries a provider that answers 5xx until it recovers, and gives up with a clear message at the deadline', async () => {
    const user = await signUp(product.baseUrl);
    const [failures, lists] = await Promise.all([
      subscribe(product.baseUrl, FAILED, user.token),
      subscribe(product.baseUrl, LIST_UPDATED('br'), user.token),
    ]);
    // One attempt is the SDK's 1 + 2 tries: the first attempt fails, the job's retry gets the list.
    fake.reply(...[1, 2, 3].map(() => ({ status: 503, error: 'overloaded' })), {
      content: 'Lens\nTripod\nFlash',
    });
    const recovered = await gql(user, RUN, { input: { family: 'br', aiModel: 'gpt-4o', frequency: 3 } });
    await waitFor(() => lists.received.some(ended), 'the list after the retry', 15_000);
    expect(lastOf(lists.received).listUpdated).toMatchObject({ jobId: recovered.body.data.runAgent.jobId });
    const updatesOfRecovered = lists.received.length;

    const fallback = fake.fallback;
    fake.fallback = () => ({ status: 500, error: 'down' });
    try {
      const before = fake.requests.length;
      const lost = await gql(user, RUN, { input: { family: 'br', aiModel: 'gpt-4o', frequency: 3 } });
      await waitFor(() => failures.received.length === 1, 'the failure at the deadline', 20_000);
      expect(failures.received[0].generationFailed).toEqual({
        jobId: lost.body.data.runAgent.jobId,
        family: 'br',
        message: aiProviderGaveUpMessage('OpenAI-compatible server', fake.requests.length - before),
      });
      expect(lists.received).toHaveLength(updatesOfRecovered);
    } finally {
      fake.fallback = fallback;
    }
    await Promise.all([failures.close(), lists.close()]);
  }, 40_000);

  it('generates elements in categories and their sub-elements, and keeps the selection rules on the server', async () => {
    const elements = await subscribe(product.baseUrl, LIST_UPDATED('bl'), bob.token);
    fake.reply({ content: 'Light: Backlight, Glow, Shadow\nColor: Teal\nTexture: Grain, Matte' });
    await gql(bob, RUN, { input: { family: 'bl', aiModel: 'gpt-4o', frequency: 10 } });
    await waitFor(() => elements.received.some(ended), 'the elements');
    const items = (lastOf(elements.received).listUpdated as any).items;
    // 'Color' has a single item: SPEC §5 needs at least 2 per category.
    expect(items.map((item: { aiResponse: string }) => item.aiResponse)).toEqual([
      'Backlight',
      'Glow',
      'Shadow',
      'Grain',
      'Matte',
    ]);
    expect(items[0].category).toBe('Light');
    await elements.close();

    const element = items[0];
    const live = await subscribe(
      product.baseUrl,
      `subscription { subElementsUpdated(elementId: ${element.id}) { elementId version added { id name } removedIds subElements { id name blName } } }`,
      bob.token,
    );
    fake.reply({
      content: JSON.stringify({ Shape: ['Halo', 'Rim', 'Flare', 'Streak'], Tone: ['Warm', 'Cold', 'Soft'] }),
    });
    await gql(bob, 'mutation($id: Int!) { generateSubElements(elementId: $id, frequency: 7) { status } }', {
      id: element.id,
    });
    await waitFor(() => live.received.length === 1, 'the sub-elements');
    const subElements = live.received[0].subElementsUpdated.subElements;
    expect(subElements).toHaveLength(7);
    // The event itself carries the change and the element's version, not the whole set.
    expect(live.received[0].subElementsUpdated.version).toBe(1);
    expect(live.received[0].subElementsUpdated.added).toEqual(
      subElements.map(({ id, name }: { id: number; name: string }) => ({ id, name })),
    );
    expect(live.received[0].subElementsUpdated.removedIds).toEqual([]);
    expect(fake.requests[fake.requests.length - 1]!.body.model).toBe('o1');
    await live.close();

    const choose =
      'mutation($id: Int!, $on: Boolean!) { setSubElementChosen(subElementId: $id, chosen: $on) { subElements { elementId subElementIds } } }';
    const early = await gql(bob, choose, { id: subElements[0].id, on: true });
    expect(early.body.errors![0]!.message).toBe(
      'Please activate "Backlight" first before selecting sub-elements.',
    );

    const selectionLive = await subscribe(
      product.baseUrl,
      'subscription { selectionChanged { activeElements } }',
      bob.token,
    );
    await gql(
      bob,
      'mutation($id: Int!) { setItemActive(family: bl, itemId: $id, active: true) { activeElements } }',
      {
        id: element.id,
      },
    );
    await waitFor(() => selectionLive.received.length === 1, 'the selection in another tab');
    expect(selectionLive.received[0].selectionChanged.activeElements).toEqual([element.id]);
    await selectionLive.close();

    for (const row of subElements.slice(0, 5)) await gql(bob, choose, { id: row.id, on: true });
    const leave = `{ leaveElementCheck(elementId: ${element.id}) { allowed message } }`;
    expect((await gql(bob, leave)).body.data.leaveElementCheck).toEqual({
      allowed: false,
      message: 'Please select minimum 6 or unselect: Backlight',
    });
    await gql(bob, choose, { id: subElements[5].id, on: true });
    expect((await gql(bob, leave)).body.data.leaveElementCheck.allowed).toBe(true);

    // Deactivating the element drops its sub-element choices.
    const off = await gql(
      bob,
      'mutation($id: Int!) { setItemActive(family: bl, itemId: $id, active: false) { activeElements subElements { elementId } } }',
      { id: element.id },
    );
    expect(off.body.data.setItemActive).toEqual({ activeElements: [], subElements: [] });
  });

  it('lets a reconnecting client catch up from the last sequence it saw', async () => {
    const first = await subscribe(product.baseUrl, LIST_UPDATED('tr'), ada.token);
    await gql(ada, 'mutation { addCustomItem(family: tr, text: "Curator") { family } }');
    await waitFor(() => first.received.length === 1, 'the first update');
    const seen = first.received[0].listUpdated.sequence;
    await first.close();
    // While disconnected:
    await gql(ada, 'mutation { addCustomItem(family: tr, text: "Gaffer") { family } }');
    const resumed = await subscribe(
      product.baseUrl,
      LIST_UPDATED('tr', `, afterSequence: ${seen}`),
      ada.token,
    );
    await waitFor(() => resumed.received.length === 1, 'the missed update');
    expect(
      resumed.received[0].listUpdated.items.map((item: { aiResponse: string }) => item.aiResponse),
    ).toEqual(['Curator', 'Gaffer']);
    await resumed.close();
  });

  it('reads lists and refuses them without a token', async () => {
    const [owner, other] = [await signUp(product.baseUrl), await signUp(product.baseUrl)];
    for (const text of ['Curator', 'Gaffer']) {
      await gql(owner, 'mutation($text: String!) { addCustomItem(family: tr, text: $text) { family } }', {
        text,
      });
    }
    const list = await gql(owner, '{ aiList(family: tr) { family items { aiResponse } } }');
    expect(list.body.data.aiList.items.map((item: { aiResponse: string }) => item.aiResponse)).toEqual([
      'Curator',
      'Gaffer',
    ]);
    const anonymous = await graphql(product.baseUrl, '{ aiList(family: tr) { family } }');
    expect(anonymous.body.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    const others = await gql(other, `{ aiList(family: tr, userId: ${owner.id}) { family } }`);
    expect(others.body.errors![0]!.extensions!.code).toBe('FORBIDDEN');
  });
});
