import { type Page, type Route } from 'playwright-core';

export interface HeldOperation {
  /** Resolves once the browser has sent the operation (it is now held). */
  sent: Promise<void>;
  /** Lets the held request go on to the server. */
  release(): void;
}

/**
 * Holds the page's next HTTP request of a GraphQL operation until release(), so a test can see what the screen
 * shows while the server is slow (a busy button, a status), without a sleep. Later requests pass untouched.
 */
export async function holdOperation(page: Page, operationName: string): Promise<HeldOperation> {
  let sent!: () => void;
  let release!: () => void;
  const sentPromise = new Promise<void>((resolve) => (sent = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(/\/graphql$/, async (route: Route) => {
    const body = route.request().postData() ?? '';
    if (held || !body.includes(`"operationName":"${operationName}"`)) return route.fallback();
    held = true;
    sent();
    await released;
    await route.fallback();
  });
  return { sent: sentPromise, release };
}
