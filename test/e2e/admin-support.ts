import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startBrowserProduct } from '../support/browser-product';
import { type TestProduct } from '../support/embedded-product';
import { requestJson } from '../support/http';

export const ADMIN = { email: 'console.admin@example.com', password: 'console-password-1' };

export interface AdminConsole {
  product: TestProduct;
  browser: Browser;
  adminToken: string;
  /** A browser context signed in as the admin (through the login form). */
  adminContext(): Promise<BrowserContext>;
  stop(): Promise<void>;
}

/** The product with one admin, and a browser; the admin signs in through the real login screen. */
export async function startAdminConsole(): Promise<AdminConsole> {
  const { product, browser, stop } = await startBrowserProduct({ admin: ADMIN });
  const login = await requestJson(product.baseUrl, 'POST', '/api/login', { body: ADMIN });
  return {
    product,
    browser,
    adminToken: login.body.access_token,
    async adminContext() {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      await signIn(page, product.baseUrl, ADMIN);
      await page.waitForURL('**/admin/UserManage');
      await page.close();
      return context;
    },
    stop,
  };
}

export async function signIn(page: Page, baseUrl: string, account: { email: string; password: string }) {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('USERNAME OR EMAIL').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** The open dialog of the given title. */
export function dialog(page: Page, title: string) {
  return page.getByRole('dialog', { name: title });
}
