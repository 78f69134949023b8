import AxeBuilder from '@axe-core/playwright';
import { ADMIN_ROUTES, ANONYMOUS_ROUTES, visit } from './responsive-support';
import { useResponsivePages } from './responsive-pages';

/**
 * Registers a file's axe check of every route at one size: the phone and the desktop size are files of their own, so
 * the browser tier's two workers can run them side by side (together they were its longest suite).
 */
export function checkAccessibilityAt(viewport: { width: number; height: number }): void {
  jest.setTimeout(300_000);
  const pages = useResponsivePages();

  describe(`accessibility at ${viewport.width}×${viewport.height}`, () => {
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
}
