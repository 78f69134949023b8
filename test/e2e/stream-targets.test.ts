import { get as httpGet } from 'node:http';
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

/** The bytes a GET of `url` sends to a client that takes gzip, as sent (not decoded), and their encoding. */
function gzippedBytes(url: string): Promise<{ encoding: string | undefined; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ encoding: response.headers['content-encoding'], bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
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

    // DALL·E 2: a sentence, no flags, no token counter: its own limit of 1,000 characters.
    await target.selectOption('dall-e-2');
    await waitInPage(page, `!document.querySelector('#stream-prompt-tokens')`);
    expect(await promptOf(page)).not.toMatch(/--\w+/);
    expect(await negative.count()).toBe(0);
    const characters = page.locator('#stream-prompt-characters');
    expect(await characters.textContent()).toBe(`${(await promptOf(page)).length} / 1,000 characters`);
    await box.fill('A quiet harbour at dawn. '.repeat(50));
    await page.getByText('DALL·E 2 reads at most 1,000.', { exact: false }).first().waitFor();
    await target.selectOption('gpt-image-1');
    await waitInPage(
      page,
      `/ \\/ 32,000 characters$/.test(document.querySelector('#stream-prompt-characters')?.textContent ?? '')`,
    );
  }, 120_000);

  it("reads Flux with T5's window: no negative prompt, avoided items named, only the end past T5 dimmed", async () => {
    const page = await streamPage(await userWithSelection(), viewport);
    const target = page.getByLabel('Target');
    const options = await target.locator('option').allTextContents();
    expect(options).toEqual(
      expect.arrayContaining(['Flux dev', 'Flux schnell', 'DALL·E 2', 'DALL·E 3', 'GPT Image 1']),
    );
    // The tokenizer comes as one cached vocabulary file, under 250 kB gzip, and no script is fetched for it.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const vocabulary = page.waitForResponse((response) =>
      /\/assets\/clip-merges-[\w-]+\.txt$/.test(response.url()),
    );
    await target.selectOption('flux-dev');
    const served = await vocabulary;
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzipped = await gzippedBytes(served.url());
    expect(gzipped.encoding).toBe('gzip');
    expect(gzipped.bytes).toBeLessThan(250 * 1024);
    const counter = page.locator('#stream-prompt-tokens');
    await waitInPage(
      page,
      `/ \\/ 512 T5 tokens \\(estimate\\)/.test(document.querySelector('#stream-prompt-tokens')?.textContent ?? '')`,
    );
    expect(await page.getByLabel('Negative prompt', { exact: true }).count()).toBe(0);
    await page.getByText('CLIP reads the first 75 tokens for the pooled text').waitFor();
    expect(scripts).toEqual([]);

    await page.getByText('Weights and avoid').click();
    await page.getByLabel('Avoid Shadow').check();
    await page.getByText('Flux dev has no negative prompt: Shadow is left out of the prompt').waitFor();
    await waitInPage(page, `!document.querySelector('#stream-prompt')?.value.includes('Shadow')`);

    // Past CLIP's 75 tokens but within T5's 512: the whole prompt is read, nothing dimmed; CLIP's note says so.
    const box = page.locator('#stream-prompt');
    await box.fill(`${await promptOf(page)}, ${'golden hour over quiet water, '.repeat(12)}`);
    await page.getByText(/so CLIP sees only its start/).waitFor();
    expect(await page.locator('.prompt-layer .past-window').count()).toBe(0);
    expect(await counter.getAttribute('data-over')).toBeNull();

    // Flux schnell reads 256: past that, the end is dimmed and the counter says why.
    await target.selectOption('flux-schnell');
    await waitInPage(
      page,
      `/ \\/ 256 T5 tokens/.test(document.querySelector('#stream-prompt-tokens')?.textContent ?? '')`,
    );
    await box.fill('golden hour over quiet water, '.repeat(60));
    await page
      .getByText('the dimmed end is past the 256 T5 tokens Flux schnell reads', { exact: false })
      .waitFor();
    await page.locator('.prompt-layer .past-window').first().waitFor({ state: 'attached' });
    const root = 'document.documentElement';
    expect(await page.evaluate(`${root}.scrollWidth <= ${root}.clientWidth`)).toBe(true);
  }, 120_000);

  it("follows a target change made on the same user's other device, live", async () => {
    const account = await userWithSelection();
    const first = await streamPage(account, viewport);
    const second = await streamPage(account, viewport);
    await first.getByLabel('Target').selectOption('sdxl');
    await waitInPage(second, `document.querySelector('#stream-target')?.value === 'sdxl'`);
    await waitInPage(second, `!document.querySelector('#stream-prompt')?.value.includes('--ar')`);
    await second.getByLabel('Negative prompt', { exact: true }).waitFor();

    await second.getByText('Weights and avoid').click();
    await second.getByLabel('Avoid Light').check();
    await waitInPage(first, `document.querySelector('#stream-negative-prompt')?.value.includes('Light')`);
  }, 120_000);
});
