import { type Browser, type Page } from 'playwright-core';
import {
  newPageOf,
  signInToWorkspace,
  signedUpUser,
  startBrowserProduct,
  type BrowserProduct,
} from '../support/browser-product';
import { type TestProduct } from '../support/embedded-product';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';

let provider: FakeOpenAiServer;
let product: TestProduct;
let browser: Browser;
let page: Page;
let started: BrowserProduct | undefined;

beforeAll(async () => {
  provider = await startFakeOpenAiServer();
  started = await startBrowserProduct({ openAiBaseUrl: provider.baseUrl });
  ({ product, browser } = started);
  page = await newPageOf(browser);
  await signInToWorkspace(page, product.baseUrl, await signedUpUser(product.baseUrl));
});
afterAll(async () => {
  await started?.stop();
  await provider?.close();
});

describe('running the Types agent in a real browser', () => {
  it('checks the frequency and the model with the spec messages', async () => {
    await page.goto(`${product.baseUrl}/types/agent`);
    await page.getByRole('heading', { name: 'Types agent' }).waitFor();
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByText('Please enter frequency.').waitFor();
    await page.getByPlaceholder('Enter frequency like 5 or 10').fill('0');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByText('Please enter a valid frequency first. or select any AI model').waitFor();
    expect(provider.requests).toHaveLength(0);
  });

  it('generates through the provider and the list arrives without a reload', async () => {
    // Frequency 6 keeps the 4 seeds and asks for 2 new types.
    provider.reply({ content: '1. Cubism\n2. Noir' });
    await page.getByLabel('Model').selectOption('gpt-4o');
    await page.getByPlaceholder('Enter frequency like 5 or 10').fill('6');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.waitForURL(`${product.baseUrl}/`, { timeout: 15_000 });
    expect(provider.requests[0]!.body.model).toBe('gpt-4o');

    const toggle = page.getByRole('button', { name: 'Types', exact: true });
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    const sidebar = page.getByRole('complementary', { name: 'Types sidebar' });
    for (const type of ['Photography', 'Art', 'Cartography', 'Illustration', 'Cubism', 'Noir']) {
      await sidebar.getByRole('button', { name: type, exact: true }).waitFor();
    }
  });
});
