import { type Page } from 'playwright-core';

/**
 * Waits until a JavaScript expression is true in the page, checked once per animation frame. Unlike
 * `page.waitForFunction`, whose polling compiles the expression inside the page (blocked by the product's
 * Content-Security-Policy, which has no 'unsafe-eval'), each check is a DevTools evaluation, which the CSP allows.
 */
export async function waitInPage(page: Page, expression: string, options: { timeout?: number } = {}) {
  const deadline = Date.now() + (options.timeout ?? 30_000);
  const check = `new Promise((resolve) => requestAnimationFrame(() => resolve(Boolean(${expression}))))`;
  while (!(await page.evaluate(check))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting in the page for: ${expression}`);
  }
}
