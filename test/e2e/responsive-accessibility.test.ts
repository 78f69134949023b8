import AxeBuilder from '@axe-core/playwright';
import { ADMIN_ROUTES, ANONYMOUS_ROUTES, visit } from './responsive-support';
import { useResponsivePages } from './responsive-pages';

jest.setTimeout(300_000);

const pages = useResponsivePages();

describe.each([
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
])('accessibility at $width×$height', (viewport) => {
  it('has no serious or critical axe violations on any route', async () => {
    const found: string[] = [];
    for (const [page, routes] of [
      [pages.anonymous, ANONYMOUS_ROUTES],
      [pages.user, pages.routesOfUser],
      [pages.admin, ADMIN_ROUTES],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const route of routes) {
        await visit(page, pages.product.baseUrl, route);
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
