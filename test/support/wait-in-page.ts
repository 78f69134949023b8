import { type Page } from 'playwright-core';

/** How often the page checks the expression, and how long one DevTools call lets it check before answering. */
const CHECK_EVERY_MS = 30;
const LONGEST_CALL_MS = 1_000;

/**
 * Waits until a JavaScript expression is true in the page. Unlike `page.waitForFunction`, whose polling compiles the
 * expression inside the page (blocked by the product's Content-Security-Policy, which has no 'unsafe-eval'), the
 * expression is part of a DevTools evaluation, which the CSP allows.
 *
 * The page checks it itself, every 30 ms for up to a second per evaluation: a DevTools round trip per animation frame
 * kept Node, the browser and the page busy for as long as a test waited (a third of a core each wait, measured), and
 * the browser tier runs on two cores.
 */
export async function waitInPage(page: Page, expression: string, options: { timeout?: number } = {}) {
  const deadline = Date.now() + (options.timeout ?? 30_000);
  // A throw inside a check would never settle the promise: it is caught, counted as "not yet", and named if the
  // wait times out.
  const checkForAWhile = `new Promise((resolve) => {
    const until = performance.now() + ${LONGEST_CALL_MS};
    let error;
    const check = () => {
      try {
        if (Boolean(${expression})) return resolve({ done: true });
        error = undefined;
      } catch (thrown) {
        error = String(thrown);
      }
      if (performance.now() >= until) return resolve({ done: false, error });
      setTimeout(check, ${CHECK_EVERY_MS});
    };
    check();
  })`;
  for (;;) {
    const result = await checkedInPage(page, checkForAWhile);
    if (result.done) return;
    if (Date.now() > deadline) {
      const lastError = result.error === undefined ? '' : ` (it last threw: ${result.error})`;
      throw new Error(`Timed out waiting in the page for: ${expression}${lastError}`);
    }
  }
}

/**
 * One evaluation; a page that loads another document meanwhile ends the evaluation's context, which counts as
 * "not yet" (the next evaluation runs in the new document).
 */
async function checkedInPage(page: Page, script: string): Promise<{ done?: boolean; error?: string }> {
  try {
    return (await page.evaluate(script)) as { done?: boolean; error?: string };
  } catch (error) {
    // The page's errors come from the worker's Playwright (another realm): no `instanceof Error` here.
    const message = String((error as { message?: unknown } | null)?.message ?? error);
    if (/Execution context was destroyed|Cannot find context|navigat/i.test(message))
      return { error: message };
    throw error;
  }
}
