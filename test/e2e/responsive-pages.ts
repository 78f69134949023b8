import { type Page } from 'playwright-core';
import { graphql, requestJson } from '../support/http';
import { useBrowserProduct, type BrowserProduct } from '../support/browser-product';
import { ADMIN, signIn } from './admin-support';
import { seedUser, userRoutes, type RouteCheck, type SeededUser } from './responsive-support';

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
 * Makes the user's next sign-in a return with something changed meanwhile (an admin edited their account), so every
 * workspace screen shows the "while you were away" inbox the walks lay out.
 */
async function returnsToAChange(baseUrl: string, user: SeededUser): Promise<void> {
  const visit = await graphql(baseUrl, 'mutation { beginVisit(start: sign_in) { since } }', {}, user.token);
  expect(visit.body.errors).toBeUndefined();
  const admin = await requestJson(baseUrl, 'POST', '/api/login', { body: ADMIN });
  const edit = await requestJson(baseUrl, 'PUT', `/api/admin/user/update/${user.id}`, {
    token: admin.body.access_token,
    body: { mobile: '+44 20 7946 1111' },
  });
  expect(edit.status).toBe(200);
}

/**
 * Registers a file's setup: the product serving the built client, its admin, a user whose items fill every screen
 * and who returns to a "while you were away" inbox, and a signed-in page each (and one signed out); all closed after
 * the file. The fields are there once it started.
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
    await returnsToAChange(product.baseUrl, seeded);
    pages.routesOfUser = userRoutes(seeded);
    pages.anonymous = await (await product.browser.newContext()).newPage();
    pages.user = await signedInPage(seeded, '**/types/dashboard');
    // The walks lay every workspace screen out with the inbox in its top bar.
    await pages.user.getByRole('button', { name: /^While you were away: 1 change$/u }).waitFor();
    pages.admin = await signedInPage(ADMIN, '**/admin/UserManage');
  }, 120_000);
  return pages;
}
