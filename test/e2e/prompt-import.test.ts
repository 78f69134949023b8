import AxeBuilder from '@axe-core/playwright';
import { type Page } from 'playwright-core';
import { graphql, requestJson } from '../support/http';
import { waitInPage } from '../support/wait-in-page';
import { openSignedIn, signedUpUser, useBrowserProduct } from '../support/browser-product';
import { holdOperation } from './held-operation';
import { addActive } from './signature-support';

const product = useBrowserProduct();
const { browser } = product;

type Account = Awaited<ReturnType<typeof signedUpUser>>;

async function addItem(account: Account, family: string, text: string) {
  const added = await graphql(
    product.baseUrl,
    'mutation ($family: ListFamily!, $text: String!) { addCustomItem(family: $family, text: $text) { family } }',
    { family, text },
    account.token,
  );
  if (added.body.errors) throw new Error(JSON.stringify(added.body.errors));
}

/** A user whose lists hold Photography, Light and Portrait (none active) and the active element Shadow. */
async function userWithLists(): Promise<Account> {
  const account = await signedUpUser(product.baseUrl);
  await addItem(account, 'tl', 'Photography');
  await addItem(account, 'bl', 'Light');
  await addItem(account, 'tr', 'Portrait');
  await addActive(product.baseUrl, account.token, 'bl', 'Shadow');
  return account;
}

async function streamPage(account: Account, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await openSignedIn(page, product.baseUrl, account, '/types/streamBM');
  await waitInPage(page, `document.querySelector('#stream-prompt')?.value.includes('Shadow')`);
  return page;
}

const chipsOf = (page: Page) =>
  page.locator('section[aria-label="Active selection"] .chip').allTextContents();
const promptOf = (page: Page) => page.locator('#stream-prompt').inputValue();

async function listOf(account: Account, family: string): Promise<string[]> {
  const { body } = await requestJson(product.baseUrl, 'GET', `/api/ai/response/${family}/get/${account.id}`, {
    token: account.token,
  });
  return body.ai_response.map((item: { ai_response: string }) => item.ai_response);
}

async function expectNoOverflowOrSeriousAxe(page: Page) {
  const root = 'document.documentElement';
  expect(await page.evaluate(`${root}.scrollWidth <= ${root}.clientWidth`)).toBe(true);
  const { violations } = await new AxeBuilder({ page }).include('dialog').analyze();
  const serious = violations.filter((found) => found.impact === 'serious' || found.impact === 'critical');
  expect(serious.map((found) => found.id)).toEqual([]);
}

async function openImport(page: Page) {
  await page.getByRole('button', { name: 'Import prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import prompt' });
  await dialog.waitFor();
  await waitInPage(page, `document.activeElement?.id === 'import-prompt'`);
  return dialog;
}

const focusedText = (page: Page) => page.evaluate('document.activeElement?.textContent ?? null');

const WIDTHS = [
  ['desktop', { width: 1280, height: 900 }],
  ['narrow phone', { width: 360, height: 740 }],
] as const;

describe.each(WIDTHS)('Import prompt on the Stream page (%s)', (_name, viewport) => {
  it('imports a Midjourney prompt: preview, one custom item unticked, selection, weights and target applied', async () => {
    const account = await userWithLists();
    const page = await streamPage(account, viewport);
    const dialog = await openImport(page);
    const box = await dialog.boundingBox();
    if (viewport.width < 720) expect(box?.width).toBe(viewport.width);
    await dialog
      .getByLabel('Prompt', { exact: true })
      .fill('Photography of a misty forest:: Light::2 red fox --v 7 --ar 3:2 --stylize 250 --no trees');
    await dialog.getByRole('button', { name: 'Preview' }).click();

    const preview = dialog.getByLabel('Import preview');
    await preview.waitFor();
    await waitInPage(page, `document.activeElement?.getAttribute('aria-label') === 'Import preview'`);
    expect(await preview.getByText('Target:').textContent()).toBe('Target: Midjourney v7');
    expect(await preview.getByRole('checkbox', { name: /^Photography Type/ }).isChecked()).toBe(true);
    expect(await preview.getByRole('checkbox', { name: /^Light Element \+2/ }).isChecked()).toBe(true);
    // A mark (a weight, avoid) is part of its item's name, as a screen reader reads the tick.
    for (const custom of ['misty forest', 'red fox'])
      expect(await preview.getByRole('checkbox', { name: custom, exact: true }).isChecked()).toBe(true);
    // An avoided word is offered as an avoid mark, apart from what is activated or added.
    const avoided = preview.getByRole('group', { name: /^Avoid/ });
    expect(await avoided.getByRole('checkbox', { name: 'trees', exact: true }).isChecked()).toBe(true);
    expect(
      await preview.getByRole('checkbox', { name: 'Keep the parameters --ar 3:2 --s 250' }).isChecked(),
    ).toBe(true);
    await expectNoOverflowOrSeriousAxe(page);

    await preview.getByRole('checkbox', { name: 'red fox', exact: true }).uncheck();
    // Cancel, Back and Accept share one row, at both widths.
    const tops = await dialog
      .locator('.button-row > button')
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    const accepting = await holdOperation(page, 'ImportSelection');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await accepting.sent;
    expect(await dialog.getByRole('button', { name: 'Importing…' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
    accepting.release();
    await page.getByRole('status').getByText('Prompt imported: 4 items applied.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The focus lands on the result, which a screen reader reads out.
    expect(await focusedText(page)).toBe('Prompt imported: 4 items applied.');
    expect(await page.evaluate('document.activeElement?.getAttribute("role")')).toBe('status');

    await waitInPage(page, `document.querySelector('#stream-target')?.value === 'midjourney-7'`);
    await waitInPage(page, `document.querySelector('#stream-prompt')?.value.includes('--no trees')`);
    expect(await promptOf(page)).toContain('Light::2');
    expect(await promptOf(page)).toMatch(/ --ar 3:2 --v 7 --q 2 --s 250$/);
    await page.getByText('Your parameters: --ar 3:2 --s 250').waitFor();
    await page.getByRole('button', { name: 'Clear parameters' }).click();
    await waitInPage(
      page,
      `/ --ar 16:9 --v 7 --q 2$/.test(document.querySelector('#stream-prompt')?.value ?? '')`,
    );
    // The avoided word is avoided, not activated nor added to a list.
    expect(await promptOf(page)).toContain('--no trees');
    expect((await chipsOf(page)).sort()).toEqual(['Light', 'Photography', 'Shadow', 'misty forest']);
    expect(await listOf(account, 'bl')).toEqual(['Light', 'Shadow', 'misty forest']);
  }, 180_000);

  it('imports a Stable Diffusion prompt with weights and a negative prompt', async () => {
    const account = await userWithLists();
    const page = await streamPage(account, viewport);
    const dialog = await openImport(page);
    await dialog.getByLabel('Prompt', { exact: true }).fill('(portrait:1.2), photography, glowing lanterns');
    await dialog.getByLabel('Negative prompt (Stable Diffusion, optional)').fill('blurry, lowres');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByLabel('Import preview');
    await preview.waitFor();
    expect(await preview.getByText('Target:').textContent()).toBe('Target: Stable Diffusion XL');
    expect(await preview.getByRole('checkbox', { name: /^Portrait Pro \+2/ }).isChecked()).toBe(true);
    const avoided = preview.getByRole('group', { name: /^Avoid/ });
    expect(await avoided.getByRole('checkbox', { name: 'blurry', exact: true }).isChecked()).toBe(true);
    // An avoided word goes to no list, so none is offered for it.
    expect(await preview.getByLabel('List for blurry').count()).toBe(0);
    await preview.getByRole('checkbox', { name: 'glowing lanterns', exact: true }).uncheck();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('status').getByText('Prompt imported: 4 items applied.').waitFor();

    await waitInPage(page, `document.querySelector('#stream-target')?.value === 'sdxl'`);
    await waitInPage(page, `document.querySelector('#stream-negative-prompt')?.value.includes('lowres')`);
    expect(await page.locator('#stream-negative-prompt').inputValue()).toContain('blurry');
    expect(await promptOf(page)).toContain('(Portrait:1.2)');
    expect((await chipsOf(page)).sort()).toEqual(['Photography', 'Portrait', 'Shadow']);
    expect(await listOf(account, 'tl')).toEqual(['Photography']);
    expect(await listOf(account, 'bl')).toEqual(['Light', 'Shadow']);
  }, 180_000);

  it('refuses a bad paste with a clear message and changes nothing', async () => {
    const account = await userWithLists();
    const page = await streamPage(account, viewport);
    const before = await promptOf(page);
    const dialog = await openImport(page);
    const prompt = dialog.getByLabel('Prompt', { exact: true });
    await prompt.fill('PNG\u0001\u0002 misty\u001b[31m forest');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog
      .getByRole('alert')
      .getByText('The prompt looks like binary data or contains control characters; paste plain text.')
      .waitFor();
    // The box is marked, tied to the message, and has the focus again to fix the paste.
    expect(await prompt.getAttribute('aria-invalid')).toBe('true');
    expect(await prompt.getAttribute('aria-describedby')).toBe('import-error');
    await waitInPage(page, `document.activeElement?.id === 'import-prompt'`);
    await prompt.fill('x'.repeat(6_001));
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('alert').getByText('The prompt is too long: at most 6,000 characters.').waitFor();
    expect(await dialog.getByLabel('Import preview').count()).toBe(0);

    // A good paste, then Back: the paste box returns with its text and the focus, without the old error.
    await prompt.fill('Light, harbour at dusk');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByLabel('Import preview').waitFor();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await waitInPage(page, `document.activeElement?.id === 'import-prompt'`);
    expect(await prompt.inputValue()).toBe('Light, harbour at dusk');
    expect(await dialog.getByRole('alert').count()).toBe(0);

    // Cancel gives the focus back to the button that opened the dialog.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe('Import prompt');

    expect(await chipsOf(page)).toEqual(['Shadow']);
    expect(await page.locator('#stream-target').inputValue()).toBe('midjourney-6');
    expect(await promptOf(page)).toBe(before);
    expect(await listOf(account, 'bl')).toEqual(['Light', 'Shadow']);
    const { body } = await graphql(
      product.baseUrl,
      '{ selection { activeTypes activePro } }',
      {},
      account.token,
    );
    expect(body.data.selection).toEqual({ activeTypes: [], activePro: [] });
  }, 180_000);
});

async function addSubElement(account: Account, element: string, name: string) {
  const list = await graphql(
    product.baseUrl,
    '{ aiList(family: bl) { items { id aiResponse } } }',
    {},
    account.token,
  );
  const { id } = list.body.data.aiList.items.find(
    (item: { aiResponse: string }) => item.aiResponse === element,
  );
  const added = await graphql(
    product.baseUrl,
    'mutation ($id: Int!, $name: String!) { addCustomSubElement(elementId: $id, name: $name) { id } }',
    { id, name },
    account.token,
  );
  if (added.body.errors) throw new Error(JSON.stringify(added.body.errors));
}

/** The GraphQL operations the page sends from now on, by name. */
function operationsSent(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const body = request.method() === 'POST' ? request.postData() : null;
    const name = body?.includes('operationName') ? (JSON.parse(body) as { operationName?: string }) : null;
    if (name?.operationName) names.push(name.operationName);
  });
  return names;
}

it('applies a paste as pasted: an avoided word is an avoid mark, never active, and no longer avoided once used', async () => {
  const account = await userWithLists();
  const page = await streamPage(account, { width: 1280, height: 900 });
  const importPrompt = async (text: string) => {
    const dialog = await openImport(page);
    await dialog.getByLabel('Prompt', { exact: true }).fill(text);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByLabel('Import preview').waitFor();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await dialog.waitFor({ state: 'detached' });
  };
  await importPrompt('Photography of Light --v 7 --no Portrait, people');
  await waitInPage(page, `document.querySelector('#stream-prompt')?.value.includes('--no Portrait, people')`);
  // Neither the avoided list item nor the avoided new word is active, or added to a list.
  expect(await chipsOf(page)).toEqual(['Photography', 'Light', 'Shadow']);
  const { body } = await graphql(product.baseUrl, '{ selection { activePro } }', {}, account.token);
  expect(body.data.selection.activePro).toEqual([]);
  expect(await listOf(account, 'bl')).toEqual(['Light', 'Shadow']);
  // The marks panel names what is avoided outside the selection, and lets it go.
  await page.getByText(/^Weights and avoid/).click();
  await page.getByRole('button', { name: 'Stop avoiding people' }).click();
  await waitInPage(
    page,
    `(document.querySelector('#stream-prompt')?.value ?? '').includes('--no Portrait --ar')`,
  );

  await importPrompt('Portrait in soft Light --v 7');
  await waitInPage(
    page,
    `(document.querySelector('#stream-prompt')?.value ?? '').includes('Portrait') && !document.querySelector('#stream-prompt').value.includes('--no')`,
  );
}, 120_000);

it("matches sub-elements of every element with one read of all the user's sub-elements", async () => {
  const account = await userWithLists();
  await addSubElement(account, 'Light', 'Rim light');
  await addSubElement(account, 'Shadow', 'Long shadow');
  const page = await streamPage(account, { width: 1280, height: 900 });
  const dialog = await openImport(page);
  await dialog.getByLabel('Prompt', { exact: true }).fill('Rim light, long shadow, photography');
  const sent = operationsSent(page);
  await dialog.getByRole('button', { name: 'Preview' }).click();

  const preview = dialog.getByLabel('Import preview');
  await preview.waitFor();
  for (const name of [/^Rim light Sub-element/, /^Long shadow Sub-element/, /^Photography Type/])
    expect(await preview.getByRole('checkbox', { name }).isChecked()).toBe(true);
  expect(sent.filter((name) => /SubElements/.test(name))).toEqual(['ImportSubElements']);
}, 180_000);
