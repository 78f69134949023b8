import { type Page } from 'playwright-core';

/**
 * Waits until a JavaScript expression is true in the page, checked once per animation frame. Unlike
 * `page.waitForFunction`, whose polling compiles the expression inside the page (blocked by the product's
 * Content-Security-Policy, which has no 'unsafe-eval'), each check is a DevTools evaluation, which the CSP allows.
 */
export async function waitInPage(page: Page, expression: string, options: { timeout?: number } = {}) {
  const deadline = Date.now() + (options.timeout ?? 30_000);
  // A throw inside the frame callback would never settle the promise: it is caught, counted as "not yet", and
  // named if the wait times out.
  const check = `new Promise((resolve) => requestAnimationFrame(() => {
    try { resolve({ done: Boolean(${expression}) }); } catch (error) { resolve({ error: String(error) }); }
  }))`;
  for (;;) {
    const result = (await page.evaluate(check)) as { done?: boolean; error?: string };
    if (result.done) return;
    if (Date.now() > deadline) {
      const lastError = result.error === undefined ? '' : ` (it last threw: ${result.error})`;
      throw new Error(`Timed out waiting in the page for: ${expression}${lastError}`);
    }
  }
}
