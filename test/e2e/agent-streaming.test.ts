import { type Page } from 'playwright-core';
import { waitFor } from '@promptloom/shared/testing';
import { openSignedIn, signedUpUser, useBrowserProduct } from '../support/browser-product';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';

/**
 * A streamed agent run in a real browser: the test paces the provider piece by piece and lets the next item go
 * only once the previous one is on screen, so "one by one" is what the page shows, not a timing.
 */
let provider: FakeOpenAiServer;

beforeAll(async () => {
  provider = await startFakeOpenAiServer();
});
afterAll(() => provider?.close());
// A product of its own: its AI calls go to this file's fake provider.
const product = useBrowserProduct(() => ({ openAiBaseUrl: provider.baseUrl }));

async function proAgentPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await product.newPage(viewport);
  const account = await signedUpUser(product.baseUrl);
  await openSignedIn(page, product.baseUrl, account, '/pro/AgentTR');
  await page.getByRole('heading', { name: 'Pro agent' }).waitFor();
  await page.getByLabel('Model').selectOption({ label: 'Open AI' });
  return page;
}

const progress = (page: Page) => page.getByRole('region', { name: 'Run progress' });

/** Lets the provider send its next piece, then waits until the page shows the item and "n of total". */
async function releaseAndSee(page: Page, item: string, line: string): Promise<void> {
  await waitFor(() => provider.waiting === 1, 'the provider waiting for the test', 15_000);
  provider.release();
  await progress(page).getByRole('listitem').filter({ hasText: item }).waitFor({ timeout: 15_000 });
  await progress(page).getByText(line, { exact: true }).waitFor();
}

describe('a streamed agent run in the browser', () => {
  it('shows the items one by one with "n of total", then returns to the list when done', async () => {
    const page = await proAgentPage();
    provider.reply({ content: 'Curator\nRetoucher\nColorist', held: true });
    await page.getByPlaceholder('Enter frequency like 5 or 10').fill('3');
    await page.getByRole('button', { name: 'Run' }).click();
    await releaseAndSee(page, 'Curator', '1 of 3');
    expect(await progress(page).getByRole('listitem').count()).toBe(1);
    await releaseAndSee(page, 'Retoucher', '2 of 3');
    expect(await progress(page).getByRole('listitem').count()).toBe(2);
    await waitFor(() => provider.waiting === 1, 'the last piece', 15_000);
    provider.release();
    await page.waitForURL(`${product.baseUrl}/pro/ProListingTR`, { timeout: 15_000 });
    const sidebar = page.getByRole('complementary', { name: 'Pro sidebar' });
    for (const name of ['Curator', 'Retoucher', 'Colorist']) {
      await sidebar.getByRole('button', { name, exact: true }).waitFor();
    }
  });

  it('Cancel stops the run: the provider call is closed and the page says what was kept', async () => {
    const page = await proAgentPage();
    provider.reply({ content: 'Curator\nRetoucher\nColorist\nGaffer', held: true });
    await page.getByPlaceholder('Enter frequency like 5 or 10').fill('4');
    await page.getByRole('button', { name: 'Run' }).click();
    await releaseAndSee(page, 'Curator', '1 of 4');
    const call = provider.requests.at(-1)!;
    await page.getByRole('button', { name: 'Cancel' }).click();
    await progress(page).getByText('Cancelled: 1 of 4 kept.').waitFor({ timeout: 15_000 });
    await waitFor(() => call.aborted, 'the provider call closed');
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Run' }).waitFor();
  });

  it('keeps the progress and Cancel in view on a phone, above the Activity bar, and says when the AI keeps it waiting', async () => {
    const page = await proAgentPage({ width: 360, height: 740 });
    provider.reply({ content: 'Curator\nRetoucher', held: true });
    await page.getByPlaceholder('Enter frequency like 5 or 10').fill('2');
    await page.getByRole('button', { name: 'Run' }).click();
    await releaseAndSee(page, 'Curator', '1 of 2');
    // The provider sends nothing more until the test lets it: the page says it is still waiting.
    await progress(page).getByText('Still waiting for the AI…').waitFor({ timeout: 15_000 });

    const cancel = progress(page).getByRole('button', { name: 'Cancel' });
    // In view, and the element at its centre is the button itself (not the Activity bar).
    const onTop = await page.evaluate(`(() => {
      const button = document.querySelector('.run-progress button');
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return box.top >= 0 && box.bottom <= innerHeight && hit !== null && button.contains(hit);
    })()`);
    expect(onTop).toBe(true);
    await cancel.click();
    await progress(page).getByText('Cancelled: 1 of 2 kept.').waitFor({ timeout: 15_000 });
  });
});
