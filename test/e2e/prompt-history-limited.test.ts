import { type Response } from 'playwright-core';
import { waitInPage } from '../support/wait-in-page';
import { openSignedIn, signedUpUser, useBrowserProduct } from '../support/browser-product';
import { addActive } from './signature-support';

// A product of its own with one prompt version per user per minute: the page's second save is refused.
const product = useBrowserProduct({ promptVersionLimit: { perMinute: 1, enabled: true } });
const { browser } = product;

/** A GraphQL answer refusing a prompt version save as too many. */
async function isRefusedSave(response: Response): Promise<boolean> {
  if (!response.url().endsWith('/graphql') || !response.request().postData()?.includes('SavePromptVersion'))
    return false;
  const body = await response.json().catch(() => null);
  return JSON.stringify(body?.errors ?? []).includes('TOO_MANY_REQUESTS');
}

const WIDTHS = [
  ['desktop', { width: 1280, height: 900 }],
  ['narrow phone', { width: 360, height: 740 }],
] as const;

describe.each(WIDTHS)('prompt versions over the limit (%s)', (_name, viewport) => {
  it('keeps the Stream page working and shows no error when a save is refused', async () => {
    const account = await signedUpUser(product.baseUrl);
    await addActive(product.baseUrl, account.token, 'tl', 'Photography');
    await addActive(product.baseUrl, account.token, 'bl', 'Light');
    const context = await browser.newContext({ viewport });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.baseUrl });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openSignedIn(page, product.baseUrl, account, '/types/streamBM');
    await waitInPage(page, `document.querySelector('#stream-prompt')?.value.includes('Light')`);

    // The first save (the assembled prompt) uses the minute's allowance; Copy's save is refused.
    const refused = page.waitForResponse(isRefusedSave);
    await page.getByLabel('8k').check();
    await waitInPage(page, `document.querySelector('#stream-prompt')?.value.includes('8k')`);
    await page.getByRole('button', { name: 'Copy Prompt' }).click();
    await refused;
    await page.getByRole('button', { name: 'Copied!' }).waitFor();

    expect(await page.locator('[role="alert"], .form-error').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await page.getByLabel('8k').uncheck();
    await waitInPage(page, `!document.querySelector('#stream-prompt')?.value.includes('8k')`);
    expect(await page.locator('[role="alert"], .form-error').count()).toBe(0);
  }, 120_000);
});
