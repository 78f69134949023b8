import AxeBuilder from '@axe-core/playwright';
import { ensureAdminAccount } from '@promptloom/admin';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { WEB_DIST_DIR, launchBrowser } from '../support/browser';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { ADMIN, signIn } from './admin-support';
import {
  ADMIN_ROUTES,
  ANONYMOUS_ROUTES,
  TR_RECORDS,
  USER_MANAGE,
  VIEWPORTS,
  horizontalOverflow,
  overflowingElements,
  seedUser,
  userRoutes,
  visit,
  type RouteCheck,
} from './responsive-support';

jest.setTimeout(300_000);

let product: TestProduct;
let browser: Browser;
let anonymous: Page;
let user: Page;
let admin: Page;
let routesOfUser: RouteCheck[];

async function signedInPage(account: { email: string; password: string }, landing: string): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, product.baseUrl, account);
  await page.waitForURL(landing);
  return page;
}

beforeAll(async () => {
  product = await startTestProduct({ webDistDir: WEB_DIST_DIR });
  await ensureAdminAccount(product.bus, { ...ADMIN, always: true });
  browser = await launchBrowser();
  // The user's items come first, so the admin's record lists have rows to lay out.
  const seeded = await seedUser(product.baseUrl);
  routesOfUser = userRoutes(seeded);
  anonymous = await (await browser.newContext()).newPage();
  user = await signedInPage(seeded, '**/types/dashboard');
  admin = await signedInPage(ADMIN, '**/admin/UserManage');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** Every route of the list on this page, and what overflowed on each that did. */
async function overflowsOf(page: Page, routes: RouteCheck[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    await visit(page, product.baseUrl, route);
    const overflow = await horizontalOverflow(page);
    if (overflow > 0)
      found.push(`${route.path} +${overflow}px: ${(await overflowingElements(page)).join(', ')}`);
  }
  return found;
}

describe.each(VIEWPORTS)('every screen of SPEC §2 at $width×$height', (viewport) => {
  it('fits the width: anonymous, user and admin routes have no horizontal overflow', async () => {
    await anonymous.setViewportSize(viewport);
    await user.setViewportSize(viewport);
    await admin.setViewportSize(viewport);
    const found = [
      ...(await overflowsOf(anonymous, ANONYMOUS_ROUTES)),
      ...(await overflowsOf(user, routesOfUser)),
      ...(await overflowsOf(admin, ADMIN_ROUTES)),
    ];
    expect(found).toEqual([]);
  });
});

describe('drawers on a phone (390×844)', () => {
  beforeAll(async () => {
    await user.setViewportSize({ width: 390, height: 844 });
    await admin.setViewportSize({ width: 390, height: 844 });
  });

  it('opens a sidebar as a full-width drawer, moves focus into it, and closes it with Escape or its close button', async () => {
    // The home page opens with the left sidebar closed, on Types (the listing routes leave other flags behind).
    await visit(user, product.baseUrl, { path: '/types/TypesListing', ready: '.sidebar .list-row' });
    await user.getByRole('button', { name: 'Close Types sidebar' }).click();
    const drawer = user.getByRole('complementary', { name: 'Types sidebar' });
    await drawer.waitFor({ state: 'detached' });
    const toggle = user.getByRole('button', { name: 'Types', exact: true });
    await toggle.click();
    await drawer.waitFor();
    const box = await drawer.boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBe(390);
    expect(await user.evaluate('document.activeElement?.closest("aside")?.getAttribute("aria-label")')).toBe(
      'Types sidebar',
    );

    await user.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await user.evaluate('document.activeElement?.textContent')).toBe('Types');

    await toggle.click();
    await drawer.waitFor();
    await user.getByRole('button', { name: 'Close Types sidebar' }).click();
    await drawer.waitFor({ state: 'detached' });
  });

  it('wraps the header so the logo never runs into its buttons', async () => {
    for (const width of [360, 390]) {
      await user.setViewportSize({ width, height: 800 });
      await visit(user, product.baseUrl, { path: '/', ready: '.slider-card' });
      const header = user.locator('header.topbar');
      const boxes = await header.locator(':scope > *, .topbar-actions > *').evaluateAll((nodes) =>
        nodes
          .filter((node) => !node.classList.contains('topbar-actions'))
          .map((node) => node.getBoundingClientRect())
          .map(({ left, right, top, bottom }) => ({ left, right, top, bottom })),
      );
      expect(boxes).toHaveLength(4);
      for (const [index, box] of boxes.entries())
        for (const other of boxes.slice(index + 1)) {
          const overlap =
            box.left < other.right &&
            other.left < box.right &&
            box.top < other.bottom &&
            other.top < box.bottom;
          expect(overlap).toBe(false);
        }
    }
    await user.setViewportSize({ width: 390, height: 844 });
  });

  it('shows the admin menu as a drawer with icons and whole labels, closed by Escape', async () => {
    await visit(admin, product.baseUrl, USER_MANAGE);
    const menu = admin.getByRole('navigation', { name: 'Admin menu' });
    expect(await menu.isVisible()).toBe(false);
    await admin.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor();
    for (const label of ['TL', 'TR', 'BL', 'BR', 'Dashboard', 'User Manage', 'Modules', 'Mode Type']) {
      const link = menu.getByRole('link', { name: label, exact: true });
      expect(await link.isVisible()).toBe(true);
      expect(await link.locator('svg').count()).toBe(1);
      expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await admin.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    await admin.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Modules', exact: true }).click();
    await admin.waitForURL('**/admin/module');
    await menu.waitFor({ state: 'hidden' });
  });

  it('scrolls a wide admin table inside its card, not the page', async () => {
    await visit(admin, product.baseUrl, TR_RECORDS);
    const scroller = admin.locator('.admin-table-scroll').first();
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);
  });
});

describe('the collapsed admin menu on a desktop', () => {
  it('keeps every item told apart by an icon and its full name', async () => {
    await admin.setViewportSize({ width: 1280, height: 800 });
    await visit(admin, product.baseUrl, USER_MANAGE);
    await admin.getByRole('button', { name: 'Collapse menu' }).click();
    const menu = admin.getByRole('navigation', { name: 'Admin menu' });
    const names = await menu
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => `${link.getAttribute('title')}|${link.querySelectorAll('svg').length}`),
      );
    expect(names).toEqual([
      'TL|1',
      'TR|1',
      'BL|1',
      'BR|1',
      'Dashboard|1',
      'User Manage|1',
      'Modules|1',
      'Mode|1',
      'Mode Type|1',
      'Audit log|1',
      'AI Calls|1',
    ]);
    await menu.getByRole('link', { name: 'Mode Type', exact: true }).click();
    await admin.waitForURL('**/admin/modetype');
    await admin.getByRole('button', { name: 'Expand menu' }).click();
  });
});

describe.each([
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
])('accessibility at $width×$height', (viewport) => {
  it('has no serious or critical axe violations on any route', async () => {
    const found: string[] = [];
    for (const [page, routes] of [
      [anonymous, ANONYMOUS_ROUTES],
      [user, routesOfUser],
      [admin, ADMIN_ROUTES],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const route of routes) {
        await visit(page, product.baseUrl, route);
        const results = await new AxeBuilder({ page }).analyze();
        for (const violation of results.violations)
          if (violation.impact === 'serious' || violation.impact === 'critical')
            found.push(
              `${route.path} ${violation.id}: ${violation.nodes.map((node) => node.target).join(' ; ')}`,
            );
      }
    }
    expect(found).toEqual([]);
  });
});
