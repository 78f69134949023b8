import { readFile } from 'node:fs/promises';
import { waitInPage } from '../support/wait-in-page';
import { type BrowserContext, type Page } from 'playwright-core';
import { graphql, newUser, requestJson } from '../support/http';
import { watchPageSubscriptions } from '../support/subscriptions';
import { chooseRowAction, dialog, expectNoSeriousA11yViolations, useAdminConsole } from './admin-support';

// Item names are compared without digits, so every seeded name is letters only.
const TL_NAMES = [
  'Amber',
  'Basalt',
  'Cobalt',
  'Dune',
  'Ember',
  'Fjord',
  'Glacier',
  'Harbor',
  'Indigo',
  'Juniper',
  'Kelp',
  'Lotus',
];

const admin = useAdminConsole();
let context: BrowserContext;
let userToken: string;

async function addItem(family: string, text: string) {
  const answer = await graphql(
    admin.product.baseUrl,
    'mutation ($family: ListFamily!, $text: String!) { addCustomItem(family: $family, text: $text) { family } }',
    { family, text },
    userToken,
  );
  expect(answer.body.errors).toBeUndefined();
}

beforeAll(async () => {
  const signup = await requestJson(admin.product.baseUrl, 'POST', '/api/signup', {
    body: newUser({ first_name: 'Rosalind', last_name: 'Franklin' }),
  });
  userToken = signup.body.access_token;
  for (const name of TL_NAMES) await addItem('tl', name);
  await addItem('tr', 'Architect');
  await addItem('bl', 'Marble');
  const signature = await graphql(
    admin.product.baseUrl,
    'mutation ($input: SignatureInput!) { storeSignature(input: $input) { id } }',
    { input: { username: 'Rosalind', signature: ['Sky', 'Sea', 'Sand', 'Stone', 'Snow', 'Sun'] } },
    userToken,
  );
  expect(signature.body.errors).toBeUndefined();
  context = await admin.adminContext();
});

async function open(path: string, heading: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${admin.product.baseUrl}${path}`);
  await page.getByRole('heading', { name: heading }).waitFor();
  await page.locator('tbody tr').first().waitFor();
  return page;
}

const bodyRows = (page: Page) => page.locator('tbody tr');

describe('the admin record lists in a real browser', () => {
  it('pages through TL records with Previous, Next and Page X of Y', async () => {
    const page = await open('/admin/mode/tl', 'TL Data');
    await page.getByText('Page 1 of 2').waitFor();
    const previous = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);
    expect(await bodyRows(page).count()).toBe(10);
    expect(await page.getByRole('cell', { name: 'No Any Reason' }).count()).toBe(10);
    await page.getByRole('cell', { name: 'Rosalind Franklin' }).first().waitFor();
    await expectNoSeriousA11yViolations(page);

    await next.click();
    await page.getByText('Page 2 of 2').waitFor();
    expect(await next.isDisabled()).toBe(true);
    expect(await previous.isDisabled()).toBe(false);
    expect(await bodyRows(page).count()).toBe(2);
    expect(await bodyRows(page).first().locator('td').first().textContent()).toBe('11');
    await page.close();
  });

  it('filters the loaded page as one types, searches every page on Enter, and sorts by a column', async () => {
    const page = await open('/admin/mode/tl', 'TL Data');
    const search = page.getByPlaceholder('Search anything...');
    await search.fill('aMbE');
    await waitInPage(page, `document.querySelectorAll('tbody tr').length === 1`);
    await page.getByRole('cell', { name: 'Amber', exact: true }).waitFor();
    await search.fill('lotus');
    await page.getByText('No records found.').waitFor();
    await search.press('Enter');
    await page.getByRole('cell', { name: 'Lotus', exact: true }).waitFor();
    await page.getByText('Page 1 of 1').waitFor();

    await search.fill('');
    await search.press('Enter');
    await page.getByText('Page 1 of 2').waitFor();
    const header = page.getByRole('button', { name: 'AI Response' });
    await header.click();
    await header.click();
    await waitInPage(page, `document.querySelector('th[aria-sort="descending"]') !== null`);
    await waitInPage(page, `document.querySelector('tbody tr td:nth-child(6)')?.textContent === 'Lotus'`);
    await page.close();
  });

  it('edits and deletes a record on page 2 and stays on page 2', async () => {
    const page = await open('/admin/mode/tl', 'TL Data');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await page.getByRole('button', { name: 'Edit Kelp' }).click();
    const edit = dialog(page, 'Edit TL Data');
    expect(await edit.getByLabel('AI Response').inputValue()).toBe('Kelp');
    await edit.getByLabel('Status').selectOption({ label: 'Select Status' });
    await edit.getByRole('button', { name: 'Update' }).click();
    await edit.getByText('The selected status is invalid.').waitFor();
    await expectNoSeriousA11yViolations(page);
    await edit.getByLabel('AI Response').fill('Seaweed');
    await edit.getByLabel('Status').selectOption({ label: 'Deactive' });
    await edit.getByRole('button', { name: 'Update' }).click();
    await page.getByText('TL Data Updated successfully').waitFor();
    await page.getByRole('cell', { name: 'Seaweed', exact: true }).waitFor();
    await page.getByText('Page 2 of 2').waitFor();
    expect(
      await page
        .getByRole('row', { name: /Seaweed/ })
        .getByRole('cell', { name: 'Deactive' })
        .count(),
    ).toBe(1);

    await chooseRowAction(page, 'Lotus', 'Delete');
    const confirm = dialog(page, 'Confirm Delete');
    await confirm.getByText('Are you sure you want to delete this TL ?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('TL Delete Successfully').waitFor();
    await page.getByRole('cell', { name: 'Lotus', exact: true }).waitFor({ state: 'detached' });
    await page.getByText('Page 2 of 2').waitFor();
    await page.close();
  });

  it('works from the keyboard: / searches, j/k move, Enter edits, Delete asks to delete', async () => {
    const page = await open('/admin/mode/tl', 'TL Data');
    await page.keyboard.press('/');
    expect(await page.evaluate(`document.activeElement?.getAttribute('placeholder')`)).toBe(
      'Search anything...',
    );
    await page.locator('h1').click();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    expect(await page.locator('tbody tr.selected td:nth-child(6)').textContent()).toBe('Amber');
    await page.keyboard.press('Enter');
    const edit = dialog(page, 'Edit TL Data');
    expect(await edit.getByLabel('AI Response').inputValue()).toBe('Amber');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Delete');
    await dialog(page, 'Confirm Delete').getByText('Are you sure you want to delete this TL ?').waitFor();
    await dialog(page, 'Confirm Delete').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('cell', { name: 'Basalt', exact: true }).waitFor();
    await page.close();
  });

  it('exports every page of the current search as CSV', async () => {
    const page = await context.newPage();
    await page.goto(`${admin.product.baseUrl}/admin/mode/tl`);
    await page.getByRole('cell', { name: 'Amber', exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tl-records.csv');
    const text = await readFile((await download.path())!, 'utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Sr No,User Name,Levels,AI Model,Frequency,AI Response,AI Reason,Status');
    const listed = await requestJson(admin.product.baseUrl, 'GET', '/api/admin/user/tl/list', {
      token: admin.adminToken,
    });
    expect(lines).toHaveLength(1 + listed.body.data.total);
    expect(lines.some((line) => line.includes('Amber') && line.includes('Rosalind Franklin'))).toBe(true);

    await page.goto(`${admin.product.baseUrl}/admin/mode/br`);
    await page.getByRole('cell', { name: 'Rosalind', exact: true }).waitFor();
    const [brDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const brLines = (await readFile((await brDownload.path())!, 'utf8')).trim().split('\r\n');
    expect(brLines[0]).toBe('Sr No,User name,Sign Elements,Signature,Status');
    expect(brLines[1]).toContain('"Sky, Sea, Sand, Stone, Snow, Sun"');
    await page.close();
  });

  it('shows a record a user creates without a reload', async () => {
    const page = await context.newPage();
    const subscriptions = await watchPageSubscriptions(page, admin.product.baseUrl);
    await page.goto(`${admin.product.baseUrl}/admin/mode/tr`);
    await page.getByRole('cell', { name: 'Architect', exact: true }).waitFor();
    await subscriptions.registered('AdminUserListChanged');
    await addItem('tr', 'Surveyor');
    await page.getByRole('cell', { name: 'Surveyor', exact: true }).waitFor();
    await page.close();
  });

  it("shows another admin's change to a row without a reload", async () => {
    const page = await context.newPage();
    // The change is made once the gateway has registered the page's subscription.
    const subscriptions = await watchPageSubscriptions(page, admin.product.baseUrl);
    await page.goto(`${admin.product.baseUrl}/admin/mode/tl`);
    await page.getByRole('cell', { name: 'Cobalt', exact: true }).waitFor();
    await subscriptions.registered('AdminRecordChanged');
    const listed = await requestJson(admin.product.baseUrl, 'GET', '/api/admin/user/tl/list?search=Cobalt', {
      token: admin.adminToken,
    });
    const id: number = listed.body.data.data[0].id;
    const changed = await graphql(
      admin.product.baseUrl,
      'mutation ($id: Int!) { updateRecord(family: tl, id: $id, input: { aiResponse: "Copper" }) { id } }',
      { id },
      admin.adminToken,
    );
    expect(changed.body.errors).toBeUndefined();
    await page.getByRole('cell', { name: 'Copper', exact: true }).waitFor();
    await page.close();
  });

  it('shows the TR, BL and BR screens with their titles, columns and confirmations', async () => {
    const tr = await open('/admin/mode/tr', 'TR Data');
    await tr.getByRole('button', { name: 'Edit Architect' }).click();
    await dialog(tr, 'Edit TL Data').getByRole('button', { name: 'Cancel' }).click();
    await chooseRowAction(tr, 'Architect', 'Delete');
    await dialog(tr, 'Confirm Delete').getByText('Are you sure you want to delete this TR ?').waitFor();
    await dialog(tr, 'Confirm Delete').getByRole('button', { name: 'Delete' }).click();
    await tr.getByText('TR Delete Successfully').waitFor();
    await expectNoSeriousA11yViolations(tr);
    await tr.close();

    const bl = await open('/admin/mode/bl', 'BL Data');
    await bl.getByRole('button', { name: 'Edit Marble' }).click();
    const blEdit = dialog(bl, 'Edit BL Data');
    await blEdit.getByLabel('Frequency').fill('4');
    await blEdit.getByRole('button', { name: 'Update' }).click();
    await bl.getByText('BL Data Updated successfully').waitFor();
    await chooseRowAction(bl, 'Marble', 'Delete');
    await dialog(bl, 'Confirm Delete').getByText('Are you sure you want to delete this BL ?').waitFor();
    await expectNoSeriousA11yViolations(bl);
    await bl.close();

    const br = await open('/admin/mode/br', 'BR Data');
    const headers = await br.locator('thead th').allTextContents();
    expect(headers.map((text) => text.replace(/[▲▼]/g, '').trim())).toEqual([
      'Sr No',
      'User name',
      'Sign Elements',
      'Signature',
      'Status',
      'Action',
    ]);
    await br.getByRole('cell', { name: 'Sky, Sea, Sand, Stone, Snow, Sun' }).waitFor();
    await br.getByRole('button', { name: /^Edit Rosalind/ }).click();
    const brEdit = dialog(br, 'Edit BR Data');
    await brEdit.getByLabel('User Name').fill('Rosa');
    await brEdit.getByRole('button', { name: 'Update' }).click();
    await br.getByText('TR Data Updated successfully').waitFor();
    await br.getByRole('cell', { name: 'Rosa', exact: true }).waitFor();
    await expectNoSeriousA11yViolations(br);
    await chooseRowAction(br, /^Actions for Rosa \d+$/, 'Delete');
    await dialog(br, 'Confirm Delete').getByText('Are you sure you want to delete this TR ?').waitFor();
    await dialog(br, 'Confirm Delete').getByRole('button', { name: 'Delete' }).click();
    await br.getByText('BR Delete Successfully').waitFor();
    await br.getByText('No records found.').waitFor();
    await br.close();
  });
});

/** A model name longer than its column: the table cuts it and keeps it whole in the cell's title. */
const LONG_MODEL = 'a-private-deployment-of-a-large-image-prompt-model-with-a-long-name-v2';

async function openAt(path: string, heading: string, width: number, height: number): Promise<Page> {
  const page = await open(path, heading);
  await page.setViewportSize({ width, height });
  return page;
}

/** The element that has the focus, by its accessible name or its text. */
const focused = (page: Page) =>
  page.evaluate(
    `document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''`,
  );

describe('the admin record tables laid out for reading (issue 30)', () => {
  beforeAll(async () => {
    const listed = await requestJson(admin.product.baseUrl, 'GET', '/api/admin/user/tl/list?search=Juniper', {
      token: admin.adminToken,
    });
    const changed = await graphql(
      admin.product.baseUrl,
      'mutation ($id: Int!, $model: String!) { updateRecord(family: tl, id: $id, input: { aiModel: $model }) { id } }',
      { id: listed.body.data.data[0].id, model: LONG_MODEL },
      admin.adminToken,
    );
    expect(changed.body.errors).toBeUndefined();
  });

  it('at 1280×800 shows a whole page of records, one line each, headers whole, numbers right, long text cut with its title', async () => {
    const page = await openAt('/admin/mode/tl', 'TL Data', 1280, 800);
    const rows = bodyRows(page);
    expect(await rows.count()).toBe(10);
    const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
    // One line of text (22.5 px) and the cell's padding: a row that wraps onto a second line is over 60 px.
    for (const height of heights) expect(height).toBeLessThanOrEqual(48);
    const lastRow = await rows.last().boundingBox();
    expect(lastRow!.y + lastRow!.height).toBeLessThanOrEqual(800);

    expect(await page.getByLabel('Sort by').isVisible()).toBe(false);
    const cutHeaders = await page
      .locator('thead th')
      .evaluateAll((ths) => ths.filter((th) => th.scrollWidth > th.clientWidth).map((th) => th.textContent));
    expect(cutHeaders).toEqual([]);
    const scroll = page.getByRole('region', { name: 'Records' });
    expect(await scroll.evaluate((region) => region.scrollWidth <= region.clientWidth)).toBe(true);

    expect(
      await page.evaluate(
        `getComputedStyle(document.querySelector('tbody td[data-label="Levels"]')).textAlign`,
      ),
    ).toBe('right');
    const model = page.locator('tbody td[data-label="AI Model"] span', { hasText: LONG_MODEL });
    expect(await model.getAttribute('title')).toBe(LONG_MODEL);
    expect(await model.evaluate((span) => span.scrollWidth > span.clientWidth)).toBe(true);
    await page.close();
  });

  it('keeps Edit on the row and the other actions in a menu the keyboard opens, moves through and closes', async () => {
    const page = await openAt('/admin/mode/tl', 'TL Data', 1280, 800);
    const row = page.getByRole('row', { name: /Amber/ });
    await row.getByRole('button', { name: 'Edit Amber' }).waitFor();
    const button = row.getByRole('button', { name: 'Actions for Amber' });
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('menu').count()).toBe(0);

    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Actions for Amber' });
    await menu.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Regenerate', 'Delete']);
    expect(await focused(page)).toBe('Regenerate');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('Delete');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('Regenerate');
    await page.keyboard.press('End');
    expect(await focused(page)).toBe('Delete');
    // The table's own keys (arrows, Delete) do not act while the menu has them.
    expect(await page.locator('tbody tr.selected').count()).toBe(0);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('Actions for Amber');
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // ArrowUp opens it on the last item; the item's dialog gives the focus back to the button when it closes.
    await page.keyboard.press('ArrowUp');
    await menu.waitFor();
    expect(await focused(page)).toBe('Delete');
    await page.keyboard.press('Enter');
    const confirm = dialog(page, 'Confirm Delete');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('Actions for Amber');

    // A click elsewhere closes it; the menu of the last row is whole and on top, not cut by the table's card.
    await button.click();
    await menu.waitFor();
    await page.getByRole('heading', { name: 'TL Data' }).click();
    await menu.waitFor({ state: 'detached' });
    const lastButton = bodyRows(page)
      .last()
      .getByRole('button', { name: /^Actions for / });
    await lastButton.click();
    const lastMenu = page.getByRole('menu');
    const items = lastMenu.getByRole('menuitem');
    for (const item of await items.all()) {
      const box = (await item.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(800);
      expect(
        await page.evaluate(`document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2})
        ?.closest('[role="menuitem"]')?.textContent`),
      ).toBe(await item.textContent());
    }
    await page.keyboard.press('Tab');
    await lastMenu.waitFor({ state: 'detached' });
    await page.close();
  });

  it.each([360, 390])(
    'at %i px shows each record as a card with its actions, and nothing scrolls sideways',
    async (width) => {
      const page = await openAt('/admin/mode/tl', 'TL Data', width, 740);
      const overflow = await page.evaluate(`[...document.querySelectorAll('html, .admin-table-scroll')]
      .filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.className || el.tagName)`);
      expect(overflow).toEqual([]);
      expect(await page.locator('thead').isVisible()).toBe(false);
      const label = `getComputedStyle(document.querySelector('tbody td[data-label="AI Response"]'), '::before').content`;
      expect(await page.evaluate(label)).toBe('"AI Response"');
      const card = (await bodyRows(page).first().boundingBox())!;
      expect(card.x).toBeGreaterThanOrEqual(0);
      expect(card.x + card.width).toBeLessThanOrEqual(width);
      // The long model name wraps inside its card.
      const model = page.locator('td[data-label="AI Model"]', { hasText: LONG_MODEL });
      const modelBox = (await model.boundingBox())!;
      expect(modelBox.x + modelBox.width).toBeLessThanOrEqual(width);

      await bodyRows(page)
        .first()
        .getByRole('button', { name: /^Actions for / })
        .click();
      const menu = page.getByRole('menu');
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await expectNoSeriousA11yViolations(page);

      // No header shows on a card: a select sorts instead.
      await page.getByLabel('Sort by').selectOption({ label: 'AI Response, descending' });
      await waitInPage(
        page,
        `(() => {
          const texts = [...document.querySelectorAll('tbody td[data-label="AI Response"]')].map((td) => td.textContent);
          return texts[0] !== 'Amber' && texts.join() === [...texts].sort().reverse().join();
        })()`,
      );
      await page.close();
    },
  );
});
