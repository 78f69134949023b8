import { ensureAdminAccount } from '@promptloom/admin';
import { type Browser, type Page } from 'playwright-core';
import { WEB_DIST_DIR, launchBrowser } from './browser';
import { startTestProduct, type TestProduct } from './embedded-product';
import { newUser, requestJson } from './http';

export interface BrowserProductOptions extends NonNullable<Parameters<typeof startTestProduct>[0]> {
  /** An admin account to create before the browser opens. */
  admin?: { email: string; password: string };
}

export interface BrowserProduct {
  product: TestProduct;
  browser: Browser;
  /** Closes the browser, then the product. */
  stop(): Promise<void>;
}

/** The setup of a browser test file: the product serving the built web client, its admin if asked, a browser. */
export async function startBrowserProduct(options: BrowserProductOptions = {}): Promise<BrowserProduct> {
  const { admin, ...productOptions } = options;
  const product = await startTestProduct({ webDistDir: WEB_DIST_DIR, ...productOptions });
  try {
    if (admin) await ensureAdminAccount(product.buses.admin, { ...admin, always: true });
    const browser = await launchBrowser();
    return {
      product,
      browser,
      async stop() {
        await browser.close();
        await product.stop();
      },
    };
  } catch (error) {
    await product.stop();
    throw error;
  }
}

/** A page in a browser context of its own (its own storage), of the given size. */
export async function newPageOf(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** A new user signed up through the API: the signup payload plus the account's id and token. */
export async function signedUpUser(baseUrl: string, overrides: Record<string, unknown> = {}) {
  const user = newUser(overrides);
  const answer = await requestJson(baseUrl, 'POST', '/api/signup', { body: user });
  if (answer.status !== 201) throw new Error(`signup failed: ${JSON.stringify(answer.body)}`);
  return { ...user, id: answer.body.user.id as number, token: answer.body.access_token as string };
}

/** Signs in through the login screen, as a user does, and waits for the workspace to open. */
export async function signInToWorkspace(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('USERNAME OR EMAIL').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/types/dashboard');
}
