import AxeBuilder from '@axe-core/playwright';
import { waitInPage } from '../support/wait-in-page';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { graphql, newUser, requestJson } from '../support/http';
import { WEB_DIST_DIR, launchBrowser } from '../support/browser';
import { startTestProduct, type TestProduct } from '../support/embedded-product';

let product: TestProduct;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  product = await startTestProduct({ webDistDir: WEB_DIST_DIR });
  browser = await launchBrowser();
  const user = newUser();
  await requestJson(product.baseUrl, 'POST', '/api/signup', { body: user });
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${product.baseUrl}/login`);
  await page.getByPlaceholder('USERNAME OR EMAIL').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/types/dashboard');
  await page.close();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function openTypes(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${product.baseUrl}/`);
  const toggle = page.getByRole('button', { name: 'Types', exact: true });
  await toggle.waitFor();
  // The open/closed state is kept in local storage (LsidebarOpen), so a new tab may open it already.
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await page.getByRole('complementary', { name: 'Types sidebar' }).waitFor();
  return page;
}

describe('the home workspace in a real browser', () => {
  it('adds a custom type when the search matches nothing, and activates it', async () => {
    const page = await openTypes();
    await page.getByLabel('Search Types').fill('Surreal');
    await page.getByRole('button', { name: 'Add “Surreal”' }).click();
    const row = page.getByRole('button', { name: 'Surreal', exact: true });
    await row.waitFor();
    expect(await row.getAttribute('aria-pressed')).toBe('false');
    await row.click();
    await waitInPage(
      page,
      `[...document.querySelectorAll('.list-row-active')].some((row) => row.textContent.includes('Surreal'))`,
    );
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    await page.close();
  });

  it('keeps two tabs in step: a change in one shows in the other without a reload', async () => {
    const first = await openTypes();
    const second = await openTypes();
    const inSecond = second.getByRole('button', { name: 'Surreal', exact: true });
    await inSecond.waitFor();
    expect(await inSecond.getAttribute('aria-pressed')).toBe('true');

    await first.getByRole('button', { name: 'Surreal', exact: true }).click();
    await waitInPage(second, `document.querySelectorAll('.list-row-active').length === 0`, {
      timeout: 5000,
    });

    await first.getByLabel('Search Types').fill('Baroque');
    await first.getByRole('button', { name: 'Add “Baroque”' }).click();
    await second.getByRole('button', { name: 'Baroque', exact: true }).waitFor({ timeout: 5000 });
    await first.close();
    await second.close();
  });

  it('opens the reason box on the first click and hides the row on the second when a reason is given', async () => {
    const page = await openTypes();
    await page.getByRole('button', { name: 'Add a reason for Baroque' }).click();
    await page.getByPlaceholder('Reason').fill('Too ornate for this project');
    await page.getByRole('button', { name: 'Save reason for Baroque' }).click();
    await page.getByRole('button', { name: 'Baroque', exact: true }).waitFor({ state: 'detached' });
    await page.close();
  });

  it('catches up after a dropped connection: what changed meanwhile appears without a reload', async () => {
    const page = await openTypes();
    await page.getByRole('button', { name: 'Surreal', exact: true }).waitFor();
    const token = (await page.evaluate(`localStorage.getItem('token')`)) as string;
    await context.setOffline(true);
    await page.waitForTimeout(1000);
    await graphql(
      product.baseUrl,
      'mutation { addCustomItem(family: tl, text: "Vaporwave") { family } }',
      {},
      token,
    );
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Vaporwave', exact: true }).waitFor({ timeout: 20_000 });
    await page.close();
  }, 40_000);
});
