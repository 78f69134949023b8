import { type Page } from 'playwright-core';
import { signedUpUser, seedSession, useBrowserProduct } from '../support/browser-product';

let page: Page;

const product = useBrowserProduct();
beforeAll(async () => {
  page = await product.newPage();
  await seedSession(page, product.baseUrl, await signedUpUser(product.baseUrl));
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

  it('holds the header’s Home, the browser’s Back and closing the tab while fewer than 6 are chosen', async () => {
    const holder = await product.newPage({ width: 360, height: 740 });
    await seedSession(holder, product.baseUrl, await signedUpUser(product.baseUrl));
    await holder.goto(`${product.baseUrl}/elements/ElementsListingBL`);
    const sidebar = holder.getByRole('complementary', { name: 'Elements sidebar' });
    await sidebar.getByLabel('Search Elements').fill('Texture');
    await sidebar.getByRole('button', { name: 'Add “Texture”' }).click();
    await sidebar.getByRole('link', { name: 'Open Texture' }).click();
    await holder.getByRole('heading', { name: 'Texture' }).waitFor();
    const detailUrl = holder.url();
    const boxes = holder.getByRole('checkbox');
    await boxes.nth(5).waitFor();
    await holder.getByRole('button', { name: 'Activate' }).click();
    await holder.getByRole('button', { name: 'Active' }).waitFor();
    await boxes.first().click();
    await holder.getByText('1 chosen', { exact: false }).waitFor();
    const held = holder.getByText('Please select minimum 6 or unselect: Texture');

    await holder.getByRole('link', { name: 'Home', exact: true }).click();
    await held.waitFor();
    expect(holder.url()).toBe(detailUrl);

    await holder.getByRole('checkbox').nth(1).click();
    await holder.getByText('2 chosen', { exact: false }).waitFor();
    await held.waitFor({ state: 'detached' });
    await holder.goBack();
    await held.waitFor();
    expect(holder.url()).toBe(detailUrl);

    // Closing the tab: the browser asks first (the answer here is to stay).
    const asked = new Promise<string>((resolve) =>
      holder.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await holder.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(holder.isClosed()).toBe(false);

    // Once the element has its six, every way out is open again.
    for (let index = 2; index < 6; index++) {
      await boxes.nth(index).click();
      await holder.getByText(`${index + 1} chosen`, { exact: false }).waitFor();
    }
    await holder.getByRole('link', { name: 'Home', exact: true }).click();
    await holder.waitForURL(`${product.baseUrl}/`);
  });

  it('says an address that is none of the user’s elements is not in their list, and asks the server nothing of it', async () => {
    const visitor = await product.newPage({ width: 360, height: 740 });
    await seedSession(visitor, product.baseUrl, await signedUpUser(product.baseUrl));
    const elementQueries: string[] = [];
    visitor.on('request', (request) => {
      const body = request.method() === 'POST' ? request.postData() : null;
      if (body && /SubElements|elementId/u.test(body)) elementQueries.push(body);
    });
    visitor.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('elementId')) elementQueries.push(payload);
      }),
    );
    for (const address of ['/elements/not-a-number', '/elements/999999999']) {
      await visitor.goto(`${product.baseUrl}${address}`);
      await visitor.getByText('This element is no longer in your list.').waitFor();
      await visitor.getByRole('link', { name: '‹ Elements' }).waitFor();
    }
    expect(elementQueries).toEqual([]);
    await visitor.close();
  });
});
