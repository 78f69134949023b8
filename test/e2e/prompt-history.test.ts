import AxeBuilder from '@axe-core/playwright';
import { type Page } from 'playwright-core';
import { waitFor } from '@promptloom/shared/testing';
import { requestJson } from '../support/http';
import { waitInPage } from '../support/wait-in-page';
import { coveredControls } from './responsive-support';
import { watchPageSubscriptions } from '../support/subscriptions';
import { openSignedIn, signedUpUser, useBrowserProduct } from '../support/browser-product';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { runSql } from '../support/sql';
import { addActive } from './signature-support';

let provider: FakeOpenAiServer;

beforeAll(async () => {
  provider = await startFakeOpenAiServer();
});
afterAll(() => provider?.close());
// A product of its own: its AI calls go to this file's fake provider.
const product = useBrowserProduct(() => ({ openAiBaseUrl: provider.baseUrl }));
const { browser } = product;

type Account = Awaited<ReturnType<typeof signedUpUser>>;

async function userWithSelection(): Promise<Account> {
  const account = await signedUpUser(product.baseUrl);
  await addActive(product.baseUrl, account.token, 'tl', 'Photography');
  for (const element of ['Light', 'Shadow']) await addActive(product.baseUrl, account.token, 'bl', element);
  await addActive(product.baseUrl, account.token, 'tr', 'Architect');
  return account;
}

async function streamPage(
  account: Account,
  viewport: { width: number; height: number },
  beforeLoad: (page: Page) => Promise<unknown> = async () => undefined,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.baseUrl });
  const page = await context.newPage();
  await beforeLoad(page);
  await openSignedIn(page, product.baseUrl, account, '/types/streamBM');
  await waitInPage(page, `document.querySelector('#stream-prompt')?.value.includes('Shadow')`);
  return page;
}

interface Saved {
  origin: string;
  prompt: string;
}

/** The account's versions as the server holds them, newest first. */
async function savedVersions(account: Account): Promise<Saved[]> {
  const page = await requestJson(product.baseUrl, 'GET', '/api/stream/history?first=100', {
    token: account.token,
  });
  return page.body.items;
}

const promptOf = (page: Page) => page.locator('#stream-prompt').inputValue();
const itemOf = (page: Page, origin: string, text: string) =>
  page.locator(`.history-item[data-origin="${origin}"]`).filter({ hasText: text }).first();

const WIDTHS = [
  ['desktop', { width: 1280, height: 900 }],
  ['narrow phone', { width: 360, height: 740 }],
] as const;

describe.each(WIDTHS)('prompt history on the Stream page (%s)', (_name, viewport) => {
  it('saves assembled, refined and copied versions, diffs two, shows what Refine changed and restores one', async () => {
    const account = await userWithSelection();
    const page = await streamPage(account, viewport);
    const assembled = await promptOf(page);

    provider.reply({ content: 'A cinematic photograph of Light and Shadow' });
    await page.getByRole('button', { name: 'Refine' }).click();
    await waitInPage(page, `document.querySelector('#stream-prompt')?.value.startsWith('A cinematic')`);
    const refined = await promptOf(page);
    await page.getByRole('button', { name: 'Copy Prompt' }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    await waitFor(async () => {
      const [newest, before, first] = await savedVersions(account);
      return (
        newest?.origin === 'copied' &&
        newest.prompt === refined &&
        before?.origin === 'refined' &&
        first?.origin === 'assembled' &&
        first.prompt === assembled
      );
    }, 'the assembled, refined and copied versions on the server');

    // A later toggle assembles a new prompt; restoring the first version brings its toggles and prompt back.
    await page.getByLabel('8k').check();
    await waitInPage(page, `document.querySelector('#stream-prompt')?.value.includes('8k')`);

    await page.getByRole('button', { name: 'History' }).click();
    const panel = page.getByRole('complementary', { name: 'Prompt history' });
    await itemOf(page, 'refined', 'cinematic').waitFor();
    // Open beside the page, the panel covers none of its controls (on a phone the page behind is inert).
    expect(await coveredControls(page)).toEqual([]);
    if (viewport.width > 720) {
      await page.setViewportSize({ width: 768, height: viewport.height });
      expect(await coveredControls(page)).toEqual([]);
      await page.setViewportSize(viewport);
    }
    // The version saved just before the refined one: the first assembled prompt.
    const firstVersion = page.locator('.history-item[data-origin="refined"] + .history-item');
    expect(await firstVersion.getAttribute('data-origin')).toBe('assembled');
    expect(await firstVersion.locator('.history-prompt').textContent()).toBe(assembled);

    // A word diff of two picked versions: the older assembled one against the refined one.
    await firstVersion.getByRole('checkbox').check();
    await itemOf(page, 'refined', 'cinematic').getByRole('checkbox').check();
    const differences = panel.getByLabel('Differences', { exact: true });
    await differences.waitFor();
    expect(await differences.locator('ins.diff-added').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('cinematic')]),
    );
    expect(await differences.locator('del.diff-removed').count()).toBeGreaterThan(0);

    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((found) => found.impact === 'serious' || found.impact === 'critical');
    expect(serious.map((found) => found.id)).toEqual([]);

    // What Refine changed: the refined version against the one saved before it.
    await itemOf(page, 'refined', 'cinematic')
      .getByRole('button', { name: /What Refine changed/ })
      .click();
    const changes = panel.getByLabel("Refine's changes");
    await changes.waitFor();
    expect((await changes.locator('ins.diff-added').allTextContents()).join(' ')).toContain('cinematic');

    // Filter and search.
    await panel.getByLabel('Origin').selectOption('copied');
    await waitInPage(
      page,
      `[...document.querySelectorAll('.history-item')].length > 0 && [...document.querySelectorAll('.history-item')].every((item) => item.dataset.origin === 'copied')`,
    );
    await panel.getByLabel('Origin').selectOption('');
    await panel.getByLabel('Search history').fill('CINEMATIC');
    await waitInPage(
      page,
      `[...document.querySelectorAll('.history-item')].length > 0 && [...document.querySelectorAll('.history-item')].every((item) => item.textContent.includes('cinematic'))`,
    );
    await panel.getByLabel('Search history').fill('');
    await firstVersion.waitFor();

    await firstVersion.getByRole('button', { name: /^Restore/ }).click();
    await waitInPage(
      page,
      `document.querySelector('#stream-prompt')?.value === ${JSON.stringify(assembled)}`,
    );
    expect(await page.getByLabel('8k').isChecked()).toBe(false);
    if (viewport.width <= 720) await panel.waitFor({ state: 'detached' });
    const root = 'document.documentElement';
    expect(await page.evaluate(`${root}.scrollWidth <= ${root}.clientWidth`)).toBe(true);
  }, 180_000);

  it('shows a version saved in another tab of the same user live, and saves an edit on leaving the prompt box', async () => {
    const account = await userWithSelection();
    const first = await streamPage(account, viewport);
    let watched: Awaited<ReturnType<typeof watchPageSubscriptions>> | undefined;
    const second = await streamPage(account, viewport, async (page) => {
      watched = await watchPageSubscriptions(page, product.baseUrl);
    });
    await second.getByRole('button', { name: 'History' }).click();
    await watched!.registered('PromptVersionSaved');
    await itemOf(second, 'assembled', 'Shadow').waitFor();

    const box = first.locator('#stream-prompt');
    await box.fill(`${await promptOf(first)} harbour lights`);
    await first.getByRole('button', { name: 'Copy Prompt' }).focus();
    await itemOf(second, 'edited', 'harbour lights').waitFor();
    await first.getByRole('button', { name: 'Copy Prompt' }).click();
    await itemOf(second, 'copied', 'harbour lights').waitFor();
    const edits = (await savedVersions(account)).filter((version) => version.origin === 'edited');
    expect(edits).toHaveLength(1);
  }, 180_000);

  it('loads older versions as the list scrolls to its end', async () => {
    const account = await userWithSelection();
    await runSql(
      product.databaseUrl,
      `insert into signature.prompt_versions (user_id, origin, prompt, snapshot)
       select $1, 'edited', 'older prompt ' || g, $2::jsonb from generate_series(1, 70) g`,
      [
        account.id,
        JSON.stringify({
          selection: { types: [], proItems: [], elements: [], signature: [] },
          toggles: { hyperRealistic: false, eightK: false, fourK: false },
          target: 'midjourney-6',
        }),
      ],
    );
    const page = await streamPage(account, viewport);
    await page.getByRole('button', { name: 'History' }).click();
    await itemOf(page, 'edited', 'older prompt 70').waitFor();
    expect(await page.locator('.history-item').count()).toBeLessThan(70);
    // Scrolling to the end asks for the next pages, down to the oldest.
    const oldest = page.locator('.history-prompt', { hasText: /^older prompt 1$/ });
    const items = page.locator('.history-item');
    for (let shown = await items.count(); (await oldest.count()) === 0; shown = await items.count()) {
      await items.last().scrollIntoViewIfNeeded();
      await waitInPage(page, `document.querySelectorAll('.history-item').length > ${shown}`);
    }
    expect(await page.locator('.history-item[data-origin="edited"]').count()).toBe(70);
  }, 180_000);
});
