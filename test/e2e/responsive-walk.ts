import AxeBuilder from '@axe-core/playwright';
import { type Page } from 'playwright-core';
import {
  ADMIN_ROUTES,
  ANONYMOUS_ROUTES,
  coveredControls,
  horizontalOverflow,
  overflowingElements,
  visit,
  type RouteCheck,
} from './responsive-support';
import { type ResponsivePages } from './responsive-pages';

export interface Viewport {
  width: number;
  height: number;
}

/** What a walk over every route found: sideways overflow and serious or critical axe violations. */
export interface WalkFindings {
  overflows: string[];
  violations: string[];
  covered: string[];
}

export interface WalkChecks {
  overflow: boolean;
  axe: boolean;
  covered: boolean;
}

async function axeViolations(page: Page, route: RouteCheck): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${route.path} ${violation.id}: ${violation.nodes.map((node) => node.target).join(' ; ')}`,
    );
}

/** One size a walk looks at, with the checks made at it. */
export interface WalkSize {
  viewport: Viewport;
  checks: WalkChecks;
}

async function checkAt(page: Page, route: RouteCheck, checks: WalkChecks, findings: WalkFindings) {
  if (checks.overflow) {
    const overflow = await horizontalOverflow(page);
    if (overflow > 0)
      findings.overflows.push(
        `${route.path} +${overflow}px: ${(await overflowingElements(page)).join(', ')}`,
      );
  }
  if (checks.axe) findings.violations.push(...(await axeViolations(page, route)));
  if (checks.covered)
    findings.covered.push(...(await coveredControls(page)).map((found) => `${route.path}: ${found}`));
}

/**
 * Loads every route of SPEC §2 (anonymous, the seeded user's and the admin's) once, at the first size, and runs each
 * size's checks on it, resized from one size to the next: a page load costs more than the checks. The sizes of one
 * walk are all phones or all wider than a phone (the app reads that breakpoint when a drawer opens), so a resized
 * page is what a load at that size shows. Answers the findings of each size, in order.
 */
export async function walkEveryRoute(pages: ResponsivePages, sizes: WalkSize[]): Promise<WalkFindings[]> {
  const findings = sizes.map((): WalkFindings => ({ overflows: [], violations: [], covered: [] }));
  for (const [page, routes] of [
    [pages.anonymous, ANONYMOUS_ROUTES],
    [pages.user, pages.routesOfUser],
    [pages.admin, ADMIN_ROUTES],
  ] as const) {
    for (const route of routes) {
      for (const [index, size] of sizes.entries()) {
        await page.setViewportSize(size.viewport);
        if (index === 0) await visit(page, pages.product.baseUrl, route);
        await checkAt(page, route, size.checks, findings[index]!);
      }
    }
  }
  return findings;
}

/**
 * The walk, made once by the first test that asks for it: each size's and check's test reads its own findings from
 * the same page loads.
 */
export function walkOnce(pages: ResponsivePages, sizes: WalkSize[]): Array<() => Promise<WalkFindings>> {
  let walk: Promise<WalkFindings[]> | undefined;
  return sizes.map((_size, index) => async () => (await (walk ??= walkEveryRoute(pages, sizes)))[index]!);
}

/** The overflow check's test, named as the layout suite names it at every size. */
export function itFitsTheWidth(viewport: Viewport, findings: () => Promise<WalkFindings>): void {
  describe(`every screen of SPEC §2 at ${viewport.width}×${viewport.height}`, () => {
    it('fits the width: anonymous, user and admin routes have no horizontal overflow', async () => {
      expect((await findings()).overflows).toEqual([]);
    });
  });
}

/** The axe check's test at one size. */
export function itHasNoSeriousAxeViolations(viewport: Viewport, findings: () => Promise<WalkFindings>): void {
  describe(`accessibility at ${viewport.width}×${viewport.height}`, () => {
    it('has no serious or critical axe violations on any route', async () => {
      expect((await findings()).violations).toEqual([]);
    });
  });
}

/** The no-cover check's test at one size: every visible control is itself at its centre, once scrolled to. */
export function itCoversNoControl(viewport: Viewport, findings: () => Promise<WalkFindings>): void {
  describe(`every screen of SPEC §2 at ${viewport.width}×${viewport.height}`, () => {
    it('covers no control: every visible button, link and field is on top where it is', async () => {
      expect((await findings()).covered).toEqual([]);
    });
  });
}
