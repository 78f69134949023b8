import { type Page } from 'playwright-core';
import { signedUpUser, signInToWorkspace, useBrowserProduct } from '../support/browser-product';

let page: Page;

const product = useBrowserProduct();
beforeAll(async () => {
  page = await product.newPage();
  await signInToWorkspace(page, product.baseUrl, await signedUpUser(product.baseUrl));
});

describe('an element and its sub-elements in a real browser (offline provider)', () => {
  it('generates sub-elements on open, asks to activate first, and needs 6 chosen to leave', async () => {
    await page.goto(`${product.baseUrl}/elements/ElementsListingBL`);
    const sidebar = page.getByRole('complementary', { name: 'Elements sidebar' });
    await sidebar.getByLabel('Search Elements').fill('Lighting');
    await sidebar.getByRole('button', { name: 'Add “Lighting”' }).click();
    await sidebar.getByRole('link', { name: 'Open Lighting' }).click();
    await page.getByRole('heading', { name: 'Lighting' }).waitFor();

    const boxes = page.getByRole('checkbox');
    await boxes.nth(5).waitFor();
    await boxes.first().click();
    await page.getByText('Please activate "Lighting" first before selecting sub-elements.').waitFor();

    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('button', { name: 'Active' }).waitFor();
    await boxes.first().click();
    await page.getByText('1 chosen', { exact: false }).waitFor();
    await page.getByRole('button', { name: '‹ Elements' }).click();
    await page.getByText('Please select minimum 6 or unselect: Lighting').waitFor();

    for (let index = 1; index < 6; index++) {
      await boxes.nth(index).click();
      await page.getByText(`${index + 1} chosen`, { exact: false }).waitFor();
    }
    await page.getByRole('button', { name: '‹ Elements' }).click();
    await page.waitForURL('**/elements/ElementsListingBL');
  });
});
