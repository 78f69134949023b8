import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, type Page } from 'playwright-core';
import {
  seedSession,
  useBrowserProduct,
  type BrowserProduct,
  type ContextOpener,
} from '../support/browser-product';
import { requestJson } from '../support/http';

export const ADMIN = { email: 'console.admin@example.com', password: 'console-password-1' };

export interface AdminConsole {
  product: BrowserProduct;
  browser: ContextOpener;
  /** The admin's token (there from the suite's beforeAll on). */
  adminToken: string;
  /** A browser context that holds the admin's session (`seedSession`; the login form has tests of its own). */
  adminContext(): Promise<BrowserContext>;
}

/** A suite's product with one admin, and a browser. */
export function useAdminConsole(): AdminConsole {
  // A product of its own: the admin screens list and count every user, so no other suite's users may show.
  const product = useBrowserProduct({ admin: ADMIN, ownProduct: true });
  const adminConsole: AdminConsole = {
    product,
    browser: product.browser,
    adminToken: '',
    async adminContext() {
      const context = await product.browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      await seedSession(page, product.baseUrl, { token: adminConsole.adminToken });
      await page.close();
      return context;
    },
  };
  beforeAll(async () => {
    const login = await requestJson(product.baseUrl, 'POST', '/api/login', { body: ADMIN });
    adminConsole.adminToken = login.body.access_token;
  });
  return adminConsole;
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

/**
 * Chooses an item of a row's 'Actions' menu (Delete, Regenerate, How was this made): opens the menu of the row named
 * `row` ('Kelp', or a pattern of the button's whole name: the first row it names) and clicks the item.
 */
export async function chooseRowAction(page: Page, row: string | RegExp, item: string) {
  const name = typeof row === 'string' ? `Actions for ${row}` : row;
  await page.getByRole('button', { name, exact: true }).first().click();
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
}
