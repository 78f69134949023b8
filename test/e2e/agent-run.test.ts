import { type Page } from 'playwright-core';
import { signedUpUser, seedSession, useBrowserProduct } from '../support/browser-product';
import { requestJson } from '../support/http';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';

let provider: FakeOpenAiServer;

beforeAll(async () => {
  provider = await startFakeOpenAiServer();
});
afterAll(() => provider?.close());
// A product of its own: its AI calls go to this file's fake provider.
const product = useBrowserProduct(() => ({ openAiBaseUrl: provider.baseUrl }));

/** A new user with a session on a browser context of their own (closed after the test); the next load is signed in. */
async function signedInUser() {
  const page = await product.newPage();
  const account = await signedUpUser(product.baseUrl);
  await seedSession(page, product.baseUrl, account);
  return { page, account };
}

async function signedInPage(): Promise<Page> {
  return (await signedInUser()).page;
}

interface AgentCase {
  family: string;
  /** The listing route that shows the family's sidebar open. */
  listing: string;
  sidebar: string;
  model: string;
  frequency: string;
  reply: string;
  /** Where the client goes after the run (SPEC §2). */
  returnsTo: string;
  /** The names the sidebar lists afterwards; null for the Signature sidebar, which shows codes, not the list. */
  shown: string[] | null;
  /** The sidebar's count badge before and after the run (the Signature sidebar counts codes, not BR items). */
  badgeBefore: string;
  badgeAfter: string;
}

const AGENTS: AgentCase[] = [
  {
    family: 'Types',
    listing: '/types/TypesListing',
    sidebar: 'Types sidebar',
    model: 'gpt-4o',
    // Frequency 6 keeps the 4 seeds and asks for 2 new types.
    frequency: '6',
    reply: '1. Cubism\n2. Noir',
    returnsTo: '/',
    shown: ['Photography', 'Art', 'Cartography', 'Illustration', 'Cubism', 'Noir'],
    badgeBefore: '0 items',
    badgeAfter: '6 items',
  },
  {
    family: 'Elements',
    listing: '/elements/ElementsListingBL',
    sidebar: 'Elements sidebar',
    model: 'gpt-4o',
    frequency: '2',
    reply: 'Light\nShadow',
    returnsTo: '/',
    shown: ['Light', 'Shadow'],
    badgeBefore: '0 items',
    badgeAfter: '2 items',
  },
  {
    family: 'Pro',
    listing: '/pro/ProListingTR',
    sidebar: 'Pro sidebar',
    model: 'Open AI',
    frequency: '2',
    reply: 'Portrait\nLandscape',
    returnsTo: '/pro/ProListingTR',
    shown: ['Portrait', 'Landscape'],
    badgeBefore: '0 items',
    badgeAfter: '2 items',
  },
  {
    family: 'Signature',
    listing: '/pro/SignatureListingBR',
    sidebar: 'Signature sidebar',
    model: 'Open AI',
    frequency: '2',
    reply: 'Moody\nBright',
    returnsTo: '/pro/SignatureListingBR',
    shown: null,
    badgeBefore: '0 signature codes',
    badgeAfter: '0 signature codes',
  },
];

describe('running an agent in a real browser', () => {
  it('checks the frequency and the model with the spec messages', async () => {
    const page = await signedInPage();
    const before = provider.requests.length;
    await page.goto(`${product.baseUrl}/types/agent`);
    await page.getByRole('heading', { name: 'Types agent' }).waitFor();
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByText('Please enter frequency.').waitFor();
    await page.getByPlaceholder('Enter frequency like 5 or 10').fill('0');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByText('Please enter a valid frequency first. or select any AI model').waitFor();
    expect(provider.requests).toHaveLength(before);
  });

  // The issue this guards: the sidebar had shown the (empty) list before the run, so the list was cached, and the
  // screen the run returns to showed that stale copy until a reload.
  it.each(AGENTS)(
    'the $family sidebar, open before the run, shows its result on return without a reload',
    async (agent) => {
      const { page, account } = await signedInUser();
      await page.goto(`${product.baseUrl}${agent.listing}`);
      const sidebar = page.getByRole('complementary', { name: agent.sidebar });
      await sidebar.getByLabel(agent.badgeBefore).waitFor();

      provider.reply({ content: agent.reply });
      await sidebar.getByRole('link', { name: `${agent.family} agent` }).click();
      await page.getByRole('heading', { name: `${agent.family} agent` }).waitFor();
      await page.getByLabel('Model').selectOption({ label: agent.model });
      await page.getByPlaceholder('Enter frequency like 5 or 10').fill(agent.frequency);
      await page.getByRole('button', { name: 'Run' }).click();
      await page.waitForURL(`${product.baseUrl}${agent.returnsTo}`, { timeout: 15_000 });

      const after = page.getByRole('complementary', { name: agent.sidebar });
      await after.getByLabel(agent.badgeAfter).waitFor();
      for (const name of agent.shown ?? []) {
        await after.getByRole('button', { name, exact: true }).waitFor();
      }
      if (agent.shown === null) {
        // The Signature sidebar lists codes, not the BR agent's items: the run's result is checked on the server.
        const stored = await requestJson(product.baseUrl, 'GET', `/api/ai/response/br/get/${account.id}`, {
          token: account.token,
        });
        const names = stored.body.ai_response.map((item: { ai_response: string }) => item.ai_response);
        expect(names.sort()).toEqual(['Bright', 'Moody']);
      }
    },
  );
});

describe('the listing routes', () => {
  it('moving from one listing route to another switches the sidebar', async () => {
    const page = await signedInPage();
    await page.goto(`${product.baseUrl}/types/TypesListing`);
    await page.getByRole('complementary', { name: 'Types sidebar' }).waitFor();
    // A client-side move, as a link or the Back button makes it: the route component stays mounted.
    const moveTo = (path: string) =>
      page.evaluate(
        `history.pushState({}, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`,
      );

    await moveTo('/pro/ProListingTR');
    await page.getByRole('complementary', { name: 'Pro sidebar' }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Types sidebar' }).count()).toBe(0);

    await moveTo('/elements/ElementsListingBL');
    await page.getByRole('complementary', { name: 'Elements sidebar' }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Pro sidebar' }).count()).toBe(0);

    await moveTo('/pro/SignatureListingBR');
    await page.getByRole('complementary', { name: 'Signature sidebar' }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Elements sidebar' }).count()).toBe(0);
  });
});
