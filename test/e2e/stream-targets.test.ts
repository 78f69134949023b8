import AxeBuilder from '@axe-core/playwright';
import { type Page } from 'playwright-core';
import { waitInPage } from '../support/wait-in-page';
import { openSignedIn, signedUpUser, useBrowserProduct } from '../support/browser-product';
import { addActive, VIEWPORTS } from './signature-support';

const product = useBrowserProduct();
const { browser } = product;

type Account = Awaited<ReturnType<typeof signedUpUser>>;

/** A user with Photography, the elements Light and Shadow, and the pro item Architect active. */
async function userWithSelection(): Promise<Account> {
  const account = await signedUpUser(product.baseUrl);
  await addActive(product.baseUrl, account.token, 'tl', 'Photography');
  for (const element of ['Light', 'Shadow']) await addActive(product.baseUrl, account.token, 'bl', element);
  await addActive(product.baseUrl, account.token, 'tr', 'Architect');
  return account;
}

/** The account signed in on the Stream page, in a browser context of its own. */
async function streamPage(account: Account, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.baseUrl });
  const page = await context.newPage();
  await openSignedIn(page, product.baseUrl, account, '/types/streamBM');
  await waitInPage(page, `document.querySelector('#stream-prompt')?.value.includes('Shadow')`);
  return page;
}

const promptOf = (page: Page) => page.locator('#stream-prompt').inputValue();

/** The desktop and phone of the other signature screens, and the narrowest phone the product supports. */
const WIDTHS = [...VIEWPORTS, ['narrow phone', { width: 360, height: 740 }]] as const;

describe.each(WIDTHS)('prompt targets on the Stream page (%s)', (_name, viewport) => {
  it('checks as you type, fixes in one click, and changes the prompt and token counter with the target', async () => {
    const page = await streamPage(await userWithSelection(), viewport);
    const target = page.getByLabel('Target');
    expect(await target.inputValue()).toBe('midjourney-6');
    expect(await promptOf(page)).toMatch(/Light.*--ar 16:9 --v 6 --q 2$/);
    expect(await page.locator('.token-count').count()).toBe(0);

    // The checker marks the problem inline while Copy stays usable.
    const box = page.locator('#stream-prompt');
    await box.fill(`${await promptOf(page)} --stylize 2000`);
    const problems = page.getByRole('list', { name: 'Problems in the prompt' });
    await problems.getByText(/--stylize 2000.*1000/).waitFor();
    expect(await page.locator('.prompt-layer .prompt-problem').first().textContent()).toContain('2000');
    await page.getByRole('button', { name: 'Copy Prompt' }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    await problems.getByRole('button').first().click();
    await problems.waitFor({ state: 'detached' });
    expect(await promptOf(page)).not.toContain('2000');

    // Stable Diffusion XL: weighted syntax, a negative prompt and the CLIP token counter.
    await target.selectOption('sdxl');
    await waitInPage(page, `!document.querySelector('#stream-prompt')?.value.includes('--ar')`);
    const negative = page.getByLabel('Negative prompt', { exact: true });
    await negative.waitFor();
    const counter = page.locator('#stream-prompt-tokens');
    expect(await counter.textContent()).toMatch(/^\d+ \/ 77 tokens/);

    await page.getByText('Weights and avoid').click();
    await page.getByLabel('Avoid Shadow').check();
    await waitInPage(page, `document.querySelector('#stream-negative-prompt')?.value.includes('Shadow')`);
    expect(await promptOf(page)).not.toContain('Shadow');
    await page.getByRole('button', { name: 'Raise the weight of Light' }).click();
    await page.getByRole('group', { name: 'Weight of Light' }).getByText('+1').waitFor();
    await page.getByText('Weights and avoid (2 marked)').waitFor();
    await waitInPage(
      page,
      `/\\(Light:1\\.\\d+\\)/.test(document.querySelector('#stream-prompt')?.value ?? '')`,
    );

    // Past the 77-token window: the counter says so and the end of the text is dimmed.
    const before = await counter.textContent();
    await box.fill(`${await promptOf(page)}, ${'golden hour over quiet water, '.repeat(12)}`);
    await waitInPage(
      page,
      `document.querySelector('#stream-prompt-tokens')?.textContent !== ${JSON.stringify(before)}`,
    );
    const [count] = (await counter.textContent())!.split(' /');
    expect(Number(count)).toBeGreaterThan(77);
    await page.locator('.prompt-layer .past-window').first().waitFor({ state: 'attached' });
    const root = 'document.documentElement';
    expect(await page.evaluate(`${root}.scrollWidth <= ${root}.clientWidth`)).toBe(true);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((found) => found.impact === 'serious' || found.impact === 'critical');
    expect(serious.map((found) => found.id)).toEqual([]);

    // Natural language: a sentence, no flags and no counter.
    await target.selectOption('natural');
    await waitInPage(page, `!document.querySelector('#stream-prompt-tokens')`);
    expect(await promptOf(page)).not.toMatch(/--\w+/);
    expect(await negative.count()).toBe(0);
  }, 120_000);

  it("follows a target change made on the same user's other device, live", async () => {
    const account = await userWithSelection();
    const first = await streamPage(account, viewport);
    const second = await streamPage(account, viewport);
    await first.getByLabel('Target').selectOption('flux');
    await waitInPage(second, `document.querySelector('#stream-target')?.value === 'flux'`);
    await waitInPage(second, `!document.querySelector('#stream-prompt')?.value.includes('--ar')`);
    await second.getByLabel('Negative prompt', { exact: true }).waitFor();

    await second.getByText('Weights and avoid').click();
    await second.getByLabel('Avoid Light').check();
    await waitInPage(first, `document.querySelector('#stream-negative-prompt')?.value.includes('Light')`);
  }, 120_000);
});
