import { ensureAdminAccount } from '@promptloom/admin';
import { type Browser, type Page } from 'playwright-core';
import { WEB_DIST_DIR, launchBrowser } from '../support/browser';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { ADMIN, signIn } from './admin-support';
import { seedUser, userRoutes, type RouteCheck } from './responsive-support';

/** What the responsive suites look at: one product, a browser, and a page per kind of visitor. */
export interface ResponsivePages {
  product: TestProduct;
  browser: Browser;
  anonymous: Page;
  user: Page;
  admin: Page;
  /** The seeded user's routes of SPEC §2. */
  routesOfUser: RouteCheck[];
}

/**
 * Registers a file's setup: the product serving the built client, its admin, a user whose items fill every screen,
 * and a signed-in page each (and one signed out); all closed after the file. The fields are there once it started.
 */
export function useResponsivePages(): ResponsivePages {
  const pages = {} as ResponsivePages;
  beforeAll(async () => {
    const product = await startTestProduct({ webDistDir: WEB_DIST_DIR });
    pages.product = product;
    await ensureAdminAccount(product.buses.admin, { ...ADMIN, always: true });
    const browser = await launchBrowser();
    pages.browser = browser;
    const signedInPage = async (account: { email: string; password: string }, landing: string) => {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      await signIn(page, product.baseUrl, account);
      await page.waitForURL(landing);
      return page;
    };
    // The user's items come first, so the admin's record lists have rows to lay out.
    const seeded = await seedUser(product.baseUrl);
    pages.routesOfUser = userRoutes(seeded);
    pages.anonymous = await (await browser.newContext()).newPage();
    pages.user = await signedInPage(seeded, '**/types/dashboard');
    pages.admin = await signedInPage(ADMIN, '**/admin/UserManage');
  }, 120_000);
  afterAll(async () => {
    await pages.browser?.close();
    await pages.product?.stop();
  });
  return pages;
}
