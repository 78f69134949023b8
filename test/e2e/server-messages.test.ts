import { type Page } from 'playwright-core';
import { signedUpUser, seedSession, useBrowserProduct } from '../support/browser-product';

const product = useBrowserProduct();

async function signedInPage(width: number): Promise<Page> {
  const page = await product.newPage({ width, height: 800 });
  await seedSession(page, product.baseUrl, await signedUpUser(product.baseUrl));
  return page;
}

/** The message a field's `aria-describedby` points at (what a screen reader reads with the field). */
function describedBy(page: Page, field: string): Promise<string | null> {
  return page.evaluate(
    `document.getElementById(document.querySelector(${JSON.stringify(field)})?.getAttribute('aria-describedby') ?? '')?.textContent ?? null`,
  );
}

describe.each([360, 1280])('the server’s words, next to their field (%i px)', (width) => {
  it('refuses a frequency over 100 under the Frequency field, and clears it when the frequency is edited', async () => {
    const page = await signedInPage(width);
    await page.goto(`${product.baseUrl}/types/agent`);
    await page.getByLabel('Model').selectOption('gpt-4o');
    await page.getByLabel('Frequency').fill('999');
    await page.getByRole('button', { name: 'Run' }).click();

    await page.getByText('The frequency must not be greater than 100.').waitFor();
    expect(await describedBy(page, 'input[name="frequency"]')).toBe(
      'The frequency must not be greater than 100.',
    );
    expect(await page.getByLabel('Frequency').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Generating').count()).toBe(0);

    await page.getByLabel('Frequency').fill('9');
    await page.getByText('The frequency must not be greater than 100.').waitFor({ state: 'detached' });
  });

  it('shows a field the server refused under that field, in the server’s words', async () => {
    const page = await signedInPage(width);
    await page.goto(`${product.baseUrl}/types/agent`);
    await page.getByLabel('Model').selectOption('gpt-4o');
    await page.getByLabel('Frequency').fill('5');
    // A client that does not cap the field (an older one): the server's refusal still reaches the field.
    await page.locator('input[name="agentRole"]').evaluate((input) => input.removeAttribute('maxlength'));
    await page.getByLabel('Agent role').fill('r'.repeat(501));
    await page.getByRole('button', { name: 'Run' }).click();

    const message = 'The agent role must not be greater than 500 characters.';
    await page.getByText(message).waitFor();
    expect(await describedBy(page, 'input[name="agentRole"]')).toBe(message);
    expect(await page.getByText('Error occurred while processing.').count()).toBe(0);
  });

  it('says why Refine refused a prompt, in the server’s words', async () => {
    const page = await signedInPage(width);
    await page.goto(`${product.baseUrl}/types/streamBM`);
    await page.locator('#stream-prompt').fill('misty forest, '.repeat(400));
    await page.getByRole('button', { name: 'Refine' }).click();
    await page
      .getByRole('alert')
      .getByText('The prompt field must not be greater than 5000 characters.')
      .waitFor();
    expect(await page.getByText('Error occurred while processing.').count()).toBe(0);
  });

  it('keeps a refused custom item’s text with the server’s reason, caps it at 29 characters, and adds a good one', async () => {
    const page = await signedInPage(width);
    await page.goto(`${product.baseUrl}/types/TypesListing`);
    const search = page.getByLabel('Search Types');
    await search.fill('x'.repeat(35));
    expect(await search.inputValue()).toHaveLength(29);

    await search.fill('Fog\u0007');
    await page.getByRole('button', { name: /^Add “Fog/ }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/control characters/);
    expect(await search.inputValue()).toBe('Fog\u0007');
    expect(await describedBy(page, 'input[type="search"]')).toBe(await alert.textContent());

    await search.fill('Fog');
    await alert.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add “Fog”' }).click();
    await page.getByRole('button', { name: 'Fog', exact: true }).waitFor();
    expect(await search.inputValue()).toBe('');
  });
});
