import { type Page } from 'playwright-core';
import { waitInPage } from '../support/wait-in-page';
import { useBrowserProduct } from '../support/browser-product';
import { OFFLINE_REFINE_MESSAGE } from '@promptloom/proto';
import { graphql } from '../support/http';
import { VIEWPORTS, savedSignature, signedInWith, type Viewport } from './signature-support';

// No AI key: the offline provider answers.
const product = useBrowserProduct();

const ELEMENTS = ['Silk', 'Shadow', 'Texture', 'Colour', 'Motion', 'Depth'];
const PHOTO_CODE = 'CRPHO-Sil-Sha-Tex-Col-Mot-Dep';
const ART_CODE = 'CRART-Sil-Sha-Tex-Col-Mot-Dep';

/** Two active types with the same six active elements: two codes holding the same elements. */
async function twoCodesWorkspace(viewport: Viewport) {
  const workspace = await signedInWith(product.browser, product.baseUrl, viewport, {
    types: ['Photography', 'Art'],
    elements: ELEMENTS,
    pro: ['Architect'],
  });
  return workspace;
}

const codeRow = (page: Page, code: string) => page.locator('li.list-row', { hasText: code });

async function openCode(page: Page, code: string) {
  await page.goto(`${product.baseUrl}/pro/SignatureListingBR`);
  await page.getByRole('link', { name: code, exact: true }).click();
  await page.getByRole('heading', { name: code }).waitFor();
}

describe.each(VIEWPORTS)('the active signature (%s)', (_name, viewport) => {
  it('is shown with its code, its row highlighted, and the BR badge counts the codes listed', async () => {
    const { page, token } = await twoCodesWorkspace(viewport);
    await page.goto(`${product.baseUrl}/pro/SignatureListingBR`);
    const sidebar = page.getByRole('complementary', { name: 'Signature sidebar' });
    await sidebar.getByRole('link', { name: PHOTO_CODE }).waitFor();
    await sidebar.getByRole('link', { name: ART_CODE }).waitFor();
    await sidebar.getByLabel('2 signature codes').waitFor();
    expect(await sidebar.getByRole('listitem').count()).toBe(2);

    await openCode(page, PHOTO_CODE);
    await page.getByRole('button', { name: 'Save as active signature' }).click();
    await page.getByRole('button', { name: 'Active signature', exact: true }).waitFor();
    expect(await savedSignature(product.baseUrl, token)).toEqual({
      code: PHOTO_CODE,
      signature: ELEMENTS,
      type: 'Photography',
    });

    await page.getByRole('link', { name: '‹ Signatures' }).click();
    await sidebar.getByLabel('Active signature').getByText(PHOTO_CODE, { exact: true }).waitFor();
    await codeRow(page, PHOTO_CODE).and(page.locator('.list-row-active')).waitFor();
    await codeRow(page, PHOTO_CODE).getByText('Active', { exact: true }).waitFor();
    expect(await codeRow(page, ART_CODE).getAttribute('class')).not.toContain('list-row-active');
    expect(await page.evaluate("localStorage.getItem('active_Signature')")).toBe(PHOTO_CODE);
  });

  it('is not another code with the same six elements, and clicking that one keeps the saved one', async () => {
    const { page, token } = await twoCodesWorkspace(viewport);
    await openCode(page, PHOTO_CODE);
    await page.getByRole('button', { name: 'Save as active signature' }).click();
    await page.getByRole('button', { name: 'Active signature', exact: true }).waitFor();

    await page.getByRole('link', { name: '‹ Signatures' }).click();
    await page.getByRole('link', { name: ART_CODE, exact: true }).click();
    await page.getByRole('heading', { name: ART_CODE }).waitFor();
    const toggle = page.getByRole('button', { name: 'Save as active signature' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.getByText(`Your active signature is ${PHOTO_CODE}`).waitFor();

    // Declining the replace question changes nothing.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await toggle.click();
    await toggle.waitFor();
    expect((await savedSignature(product.baseUrl, token))?.code).toBe(PHOTO_CODE);

    // Accepting it replaces the saved one with exactly this code.
    page.once('dialog', (dialog) => void dialog.accept());
    await toggle.click();
    await page.getByRole('button', { name: 'Active signature', exact: true }).waitFor();
    expect((await savedSignature(product.baseUrl, token))?.code).toBe(ART_CODE);
  });

  it('turned off clears the signature, the active elements and their counts on every screen, without a reload', async () => {
    const { page, token } = await twoCodesWorkspace(viewport);
    await openCode(page, PHOTO_CODE);
    await page.getByRole('button', { name: 'Save as active signature' }).click();
    const toggle = page.getByRole('button', { name: 'Active signature', exact: true });
    await toggle.waitFor();
    await page.evaluate('window.sameDocument = true');

    await toggle.click();
    await page.getByRole('status').getByText(`Signature ${PHOTO_CODE} turned off`).waitFor();
    expect(await savedSignature(product.baseUrl, token)).toBeNull();
    for (const key of ['active_Signature', 'active_signatureElements', 'active_subElementsListingSignature'])
      expect(await page.evaluate(`localStorage.getItem('${key}') || null`)).toBeNull();
    // Removed, or written back empty by the selection's mirror.
    expect([null, '[]']).toContain(await page.evaluate("localStorage.getItem('active_ElementsListing')"));

    // Home (the Signature listing is the home workspace): no active element, no active signature, no '00'.
    await page.getByRole('link', { name: '‹ Signatures' }).click();
    await page.waitForURL('**/pro/SignatureListingBR');
    const elementsCount = `[...document.querySelectorAll('.slider-stats div')].find((stat) => stat.textContent.startsWith('Elements'))?.querySelector('dd')?.textContent`;
    await waitInPage(page, `${elementsCount} === '0'`);
    await waitInPage(page, `document.querySelector('.stream-button')?.disabled === true`);
    await page.getByText('Activate types and elements to build signature codes.').waitFor();
    expect(await page.getByLabel('Active signature').count()).toBe(0);

    // On a phone the Signature sidebar is a drawer over the page: a user closes it to reach the header.
    const closeSidebar = page.getByRole('button', { name: 'Close Signature sidebar' });
    if (await closeSidebar.isVisible()) await closeSidebar.click();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('link', { name: /Elements\s*6\s*0 active/ }).waitFor();
    await page.getByRole('link', { name: /Signature\s*0\s*none saved yet/ }).waitFor();
    expect(await page.evaluate('window.sameDocument')).toBe(true);
  });
});

describe.each(VIEWPORTS)('the type and signature detail pages (%s)', (_name, viewport) => {
  it("show the record's fields, its elements, dates and actions, the elements lined up with the heading", async () => {
    const { page } = await twoCodesWorkspace(viewport);
    await page.goto(`${product.baseUrl}/types/TypesListing`);
    await page.getByRole('link', { name: 'Open Photography' }).click();
    await page.getByRole('heading', { name: 'Photography' }).waitFor();
    const typeFields = page.getByLabel('Types details');
    await typeFields.getByText('In your selection').waitFor();
    await typeFields.getByText('Added').waitFor();
    const typeElements = page.getByRole('region', { name: 'Elements of this type' });
    await typeElements.getByRole('heading', { name: 'Elements (6)' }).waitFor();
    await typeElements.getByRole('link', { name: 'Silk' }).waitFor();
    await page.getByRole('link', { name: 'Types agent' }).waitFor();

    await openCode(page, PHOTO_CODE);
    const fields = page.getByLabel('Signature details');
    await fields.getByText('Photography').waitFor();
    await fields.getByText('6 of 6').waitFor();
    await fields.getByText('Not saved').waitFor();
    await page.getByRole('button', { name: 'Save as active signature' }).click();
    await fields.getByText('Active signature').waitFor();
    const today = await page.evaluate(
      "new Date().toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })",
    );
    await fields.locator('.detail-field', { hasText: 'Saved' }).getByText(String(today)).first().waitFor();
    await page.getByRole('link', { name: 'Open Stream' }).waitFor();

    const elements = page.getByRole('region', { name: 'Elements of this signature' });
    expect(await elements.getByRole('link').allTextContents()).toEqual(ELEMENTS);
    const heading = await page.getByRole('heading', { name: PHOTO_CODE }).boundingBox();
    const grid = await elements.getByRole('list').boundingBox();
    expect(Math.abs(grid!.x - heading!.x)).toBeLessThan(1);
    await elements.getByRole('link', { name: 'Silk' }).click();
    await page.getByRole('heading', { name: 'Silk' }).waitFor();
  });
});

describe.each(VIEWPORTS)('Refine on the Stream page without an AI key (%s)', (_name, viewport) => {
  it('keeps the prompt, tidied, with its flags at the end, and says it was refined offline', async () => {
    const { page, token } = await twoCodesWorkspace(viewport);
    const saved = await graphql(
      product.baseUrl,
      'mutation ($input: SignatureInput!) { storeSignature(input: $input, replace: true) { id } }',
      { input: { username: 'Ada', signature: ELEMENTS, signatureElements: ELEMENTS, type: 'Photography' } },
      token,
    );
    expect(saved.body.errors).toBeUndefined();
    await page.goto(`${product.baseUrl}/types/streamBM`);
    const box = page.getByLabel('Prompt', { exact: true });
    await waitInPage(page, `document.querySelector('.prompt-box')?.value.includes('Silk')`);
    const defaultPrompt = await box.inputValue();

    await page.getByRole('button', { name: 'Refine' }).click();
    await page.getByRole('status').getByText(OFFLINE_REFINE_MESSAGE).waitFor();
    await page.getByRole('status').getByText('Offline', { exact: true }).waitFor();
    expect(await box.inputValue()).toBe(defaultPrompt);

    await box.fill('--v 6 A  calm lake lake ,at dawn --ar 3:2');
    await page.getByRole('button', { name: 'Refine' }).click();
    await waitInPage(
      page,
      `document.querySelector('.prompt-box')?.value === 'A calm lake, at dawn --v 6 --ar 3:2'`,
    );
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
