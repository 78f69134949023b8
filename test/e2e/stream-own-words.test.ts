import { type Page } from 'playwright-core';
import { waitInPage } from '../support/wait-in-page';
import { openSignedIn, signedUpUser, useBrowserProduct } from '../support/browser-product';
import { addActive } from './signature-support';

const product = useBrowserProduct();

/** A user with Photography, the elements Light and Shadow active, on the Stream page of a context of their own. */
async function streamPage(viewport: { width: number; height: number }): Promise<Page> {
  const account = await signedUpUser(product.baseUrl);
  await addActive(product.baseUrl, account.token, 'tl', 'Photography');
  for (const element of ['Light', 'Shadow']) await addActive(product.baseUrl, account.token, 'bl', element);
  const page = await product.newPage(viewport);
  await openSignedIn(page, product.baseUrl, account, '/types/streamBM');
  await waitInPage(page, `document.querySelector('#stream-prompt')?.value.includes('Shadow')`);
  return page;
}

describe.each([
  ['desktop', { width: 1280, height: 800 }],
  ['narrow phone', { width: 360, height: 740 }],
])('the user’s own words on the Stream page (%s)', (_name, viewport) => {
  it('keeps hand edits that an enhance toggle rebuilt over, one Undo away', async () => {
    const page = await streamPage(viewport);
    const box = page.locator('#stream-prompt');
    const ownWords = 'a lighthouse at dusk, my own words';
    await box.fill(ownWords);

    await page.getByLabel('8k').check();
    await waitInPage(page, `document.querySelector('#stream-prompt')?.value.includes('8k')`);
    const notice = page.getByRole('status').filter({ hasText: 'over your own words' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Undo' }).click();
    expect(await box.inputValue()).toBe(ownWords);
    await notice.waitFor({ state: 'detached' });
  });

  it('rebuilds a prompt nobody edited without asking', async () => {
    const page = await streamPage(viewport);
    await page.getByLabel('4k').check();
    await waitInPage(page, `document.querySelector('#stream-prompt')?.value.includes('4k')`);
    expect(await page.getByRole('status').filter({ hasText: 'over your own words' }).count()).toBe(0);
  });
});
