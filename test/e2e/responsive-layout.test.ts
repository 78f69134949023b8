import { TR_RECORDS, USER_MANAGE, horizontalOverflow, visit } from './responsive-support';
import { useResponsivePages } from './responsive-pages';

jest.setTimeout(300_000);

// Every route at 360, 390, 768 and 1280 px is walked in responsive-accessibility-{phone,desktop}.test.ts; here, the
// drawers and the admin's menu and tables.
const pages = useResponsivePages();

describe('drawers on a phone (390×844)', () => {
  beforeAll(async () => {
    await pages.user.setViewportSize({ width: 390, height: 844 });
    await pages.admin.setViewportSize({ width: 390, height: 844 });
  });

  it('opens a sidebar as a full-width drawer, moves focus into it, and closes it with Escape or its close button', async () => {
    // The home page opens with the left sidebar closed, on Types (the listing routes leave other flags behind).
    await visit(pages.user, pages.product.baseUrl, {
      path: '/types/TypesListing',
      ready: '.sidebar .list-row',
    });
    await pages.user.getByRole('button', { name: 'Close Types sidebar' }).click();
    const drawer = pages.user.getByRole('complementary', { name: 'Types sidebar' });
    await drawer.waitFor({ state: 'detached' });
    const toggle = pages.user.getByRole('button', { name: 'Types', exact: true });
    await toggle.click();
    await drawer.waitFor();
    const box = await drawer.boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBe(390);
    expect(
      await pages.user.evaluate('document.activeElement?.closest("aside")?.getAttribute("aria-label")'),
    ).toBe('Types sidebar');

    await pages.user.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await pages.user.evaluate('document.activeElement?.textContent')).toBe('Types');

    await toggle.click();
    await drawer.waitFor();
    await pages.user.getByRole('button', { name: 'Close Types sidebar' }).click();
    await drawer.waitFor({ state: 'detached' });
  });

  it('wraps the header so the logo never runs into its buttons', async () => {
    for (const width of [360, 390]) {
      await pages.user.setViewportSize({ width, height: 800 });
      await visit(pages.user, pages.product.baseUrl, { path: '/', ready: '.slider-card' });
      const header = pages.user.locator('header.topbar');
      // The user returned to a change: the "while you were away" inbox is the header's fifth control.
      await header.getByRole('button', { name: /^While you were away/u }).waitFor();
      const boxes = await header.locator(':scope > *, .topbar-actions > *').evaluateAll((nodes) =>
        nodes
          .filter((node) => !node.classList.contains('topbar-actions'))
          .map((node) => node.getBoundingClientRect())
          .map(({ left, right, top, bottom }) => ({ left, right, top, bottom })),
      );
      expect(boxes).toHaveLength(5);
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
    await pages.user.setViewportSize({ width: 390, height: 844 });
  });

  it('shows the admin menu as a drawer with icons and whole labels, closed by Escape', async () => {
    await visit(pages.admin, pages.product.baseUrl, USER_MANAGE);
    const menu = pages.admin.getByRole('navigation', { name: 'Admin menu' });
    expect(await menu.isVisible()).toBe(false);
    await pages.admin.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor();
    for (const label of ['TL', 'TR', 'BL', 'BR', 'Dashboard', 'User Manage', 'Modules', 'Mode Type']) {
      const link = menu.getByRole('link', { name: label, exact: true });
      expect(await link.isVisible()).toBe(true);
      expect(await link.locator('svg').count()).toBe(1);
      expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await pages.admin.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    await pages.admin.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Modules', exact: true }).click();
    await pages.admin.waitForURL('**/admin/module');
    await menu.waitFor({ state: 'hidden' });
  });

  it('lays a wide admin table out as a card a row, so neither the table nor the page scrolls sideways', async () => {
    await visit(pages.admin, pages.product.baseUrl, TR_RECORDS);
    const scroller = pages.admin.locator('.admin-table-scroll').first();
    expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await pages.admin.locator('.admin-content thead').isVisible()).toBe(false);
    const card = (await pages.admin.locator('.admin-content tbody tr').first().boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(390);
    expect(await horizontalOverflow(pages.admin)).toBeLessThanOrEqual(0);
  });
});

describe('the collapsed admin menu on a desktop', () => {
  it('keeps every item told apart by an icon and its full name', async () => {
    await pages.admin.setViewportSize({ width: 1280, height: 800 });
    await visit(pages.admin, pages.product.baseUrl, USER_MANAGE);
    await pages.admin.getByRole('button', { name: 'Collapse menu' }).click();
    const menu = pages.admin.getByRole('navigation', { name: 'Admin menu' });
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
    await pages.admin.waitForURL('**/admin/modetype');
    await pages.admin.getByRole('button', { name: 'Expand menu' }).click();
  });
});
