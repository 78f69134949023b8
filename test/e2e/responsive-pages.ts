import { type Page } from 'playwright-core';
import { useBrowserProduct, type BrowserProduct } from '../support/browser-product';
import { ADMIN, signIn } from './admin-support';
import { seedUser, userRoutes, type RouteCheck } from './responsive-support';

/** What the responsive suites look at: one product, and a page per kind of visitor. */
export interface ResponsivePages {
  product: BrowserProduct;
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
  // A product of its own: the admin's pages it lays out list every user, so no other suite's users may show.
  const product = useBrowserProduct({ admin: ADMIN, ownProduct: true });
  const pages = { product } as ResponsivePages;
  beforeAll(async () => {
    const signedInPage = async (account: { email: string; password: string }, landing: string) => {
      const page = await product.newPage();
      await signIn(page, product.baseUrl, account);
      await page.waitForURL(landing);
      return page;
    };
    // The user's items come first, so the admin's record lists have rows to lay out.
    const seeded = await seedUser(product.baseUrl);
    pages.routesOfUser = userRoutes(seeded);
    pages.anonymous = await (await product.browser.newContext()).newPage();
    pages.user = await signedInPage(seeded, '**/types/dashboard');
    pages.admin = await signedInPage(ADMIN, '**/admin/UserManage');
  }, 120_000);
  return pages;
}
