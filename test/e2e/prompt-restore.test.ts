import { type Page } from 'playwright-core';
import { waitFor } from '@promptloom/shared/testing';
import { graphql, requestJson } from '../support/http';
import { waitInPage } from '../support/wait-in-page';
import { openSignedIn, signedUpUser, useBrowserProduct } from '../support/browser-product';
import { runSql } from '../support/sql';
import { addActive } from './signature-support';

const product = useBrowserProduct();
const { browser } = product;

type Account = Awaited<ReturnType<typeof signedUpUser>>;

const SIX = ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'];
const OTHER_SIX = ['Iris', 'Jade', 'Kelp', 'Lumen', 'Moss', 'Nova'];

async function gql(account: Account, query: string, variables: Record<string, unknown> = {}) {
  const { body } = await graphql(product.baseUrl, query, variables, account.token);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function itemId(account: Account, family: string, text: string): Promise<number> {
  const data = await gql(
    account,
    'query ($family: ListFamily!) { aiList(family: $family) { items { id aiResponse } } }',
    {
      family,
    },
  );
  return data.aiList.items.find((item: { aiResponse: string }) => item.aiResponse === text).id;
}

async function addSubElement(account: Account, elementId: number, name: string): Promise<number> {
  const data = await gql(
    account,
    'mutation ($elementId: Int!, $name: String!) { addCustomSubElement(elementId: $elementId, name: $name) { id name } }',
    { elementId, name },
  );
  return data.addCustomSubElement.find((sub: { name: string }) => sub.name === name).id;
}

const CHOOSE = `mutation ($id: Int!, $chosen: Boolean!) { setSubElementChosen(subElementId: $id, chosen: $chosen) { activeTypes } }`;
const ACTIVE = `mutation ($family: ListFamily!, $id: Int!, $active: Boolean!) { setItemActive(family: $family, itemId: $id, active: $active) { activeTypes } }`;
const STORE_SIGNATURE = `mutation ($input: SignatureInput!) { storeSignature(input: $input, replace: true) { id } }`;
const SETTINGS = `mutation ($input: StreamSettingsInput!) { updateStreamSettings(input: $input) { version } }`;
const STATE = `{
  selection { activeTypes activeElements activePro subElements { elementId subElementIds } }
  mySignature { signature type }
  myStreamSettings { target parameters { flag value } }
}`;

interface Snapshot {
  selection: { elements: Array<{ name: string; subElements: string[] }>; signature: string[] };
  parameters?: unknown[] | null;
  target: string;
}
interface Version {
  prompt: string;
  origin: string;
  snapshot: Snapshot;
}

async function newestVersion(account: Account): Promise<Version | undefined> {
  const page = await requestJson(product.baseUrl, 'GET', '/api/stream/history?first=1', {
    token: account.token,
  });
  return page.body.items[0];
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const promptOf = (page: Page) => page.locator('#stream-prompt').inputValue();
const WIDTHS = [
  ['desktop', { width: 1280, height: 900 }],
  ['narrow phone', { width: 360, height: 740 }],
] as const;

describe.each(WIDTHS)('restoring a prompt version (%s)', (_name, viewport) => {
  it('brings back the types, elements, sub-elements, signature, parameters, toggles and target', async () => {
    // The user's selection, chosen through the API the client uses.
    const account = await signedUpUser(product.baseUrl);
    await addActive(product.baseUrl, account.token, 'tl', 'Photography');
    for (const element of ['Light', 'Shadow']) await addActive(product.baseUrl, account.token, 'bl', element);
    await addActive(product.baseUrl, account.token, 'tr', 'Architect');
    const light = await itemId(account, 'bl', 'Light');
    const shadow = await itemId(account, 'bl', 'Shadow');
    const beam = await addSubElement(account, light, 'Beam');
    const rim = await addSubElement(account, light, 'Rim');
    await gql(account, CHOOSE, { id: beam, chosen: true });
    const signature = {
      username: account.first_name,
      signature: SIX,
      signatureElements: SIX,
      type: 'Photography',
    };
    await gql(account, STORE_SIGNATURE, { input: signature });
    await gql(account, SETTINGS, { input: { parameters: [{ flag: '--stylize', value: '250' }] } });

    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openSignedIn(page, product.baseUrl, account, '/types/streamBM');
    await waitInPage(
      page,
      `['Beam', 'Aurora', '--s 250'].every((part) => document.querySelector('#stream-prompt')?.value.includes(part))`,
    );
    const original = await promptOf(page);
    // The page saves the assembled prompt with everything it was made of.
    let saved: Version | undefined;
    await waitFor(async () => {
      saved = await newestVersion(account);
      return saved?.prompt === original;
    }, 'the assembled version on the server');
    expect(saved!.snapshot).toMatchObject({
      selection: {
        elements: expect.arrayContaining([{ name: 'Light', subElements: ['Beam'] }]),
        signature: SIX,
      },
      parameters: [{ flag: '--stylize', value: '250' }],
      signatureType: 'Photography',
      target: 'midjourney-6',
    });

    // Everything changes: elsewhere (another device), then on this page; Architect is deleted meanwhile.
    await gql(account, ACTIVE, { family: 'bl', id: shadow, active: false });
    await addActive(product.baseUrl, account.token, 'tl', 'Painting');
    await gql(account, CHOOSE, { id: beam, chosen: false });
    await gql(account, CHOOSE, { id: rim, chosen: true });
    await gql(account, STORE_SIGNATURE, {
      input: { username: account.first_name, signature: OTHER_SIX, signatureElements: OTHER_SIX },
    });
    await runSql(
      product.databaseUrl,
      `delete from ai.list_items where user_id = $1 and ai_response = 'Architect'`,
      [account.id],
    );
    await page.reload();
    await waitInPage(
      page,
      `['Rim', 'Iris', 'Painting'].every((part) => document.querySelector('#stream-prompt')?.value.includes(part))`,
    );
    await page.getByRole('button', { name: 'Clear parameters' }).click();
    await page.getByLabel('8k').check();
    await page.locator('#stream-target').selectOption('sdxl');
    await waitFor(async () => {
      const state = await gql(account, STATE);
      return state.myStreamSettings.target === 'sdxl' && state.myStreamSettings.parameters.length === 0;
    }, 'the changed settings on the server');

    await page.getByRole('button', { name: 'History' }).click();
    const version = page
      .locator('.history-item[data-origin="assembled"]')
      .filter({ has: page.locator('.history-prompt', { hasText: exactly(original) }) })
      .first();
    await version.getByRole('button', { name: /^Restore/ }).click();

    // The prompt box shows the version's prompt at once, and keeps it while the rest comes back.
    await waitInPage(page, `document.querySelector('#stream-prompt')?.value === ${JSON.stringify(original)}`);
    await page.getByRole('status').filter({ hasText: 'Restored. 1 item no longer exists.' }).waitFor();
    await waitFor(async () => {
      const state = await gql(account, STATE);
      return state.myStreamSettings.target === 'midjourney-6';
    }, 'the restored settings on the server');
    const state = await gql(account, STATE);
    const photography = await itemId(account, 'tl', 'Photography');
    expect(state.selection).toEqual({
      activeTypes: [photography],
      activeElements: expect.arrayContaining([light, shadow]),
      activePro: [],
      subElements: [{ elementId: light, subElementIds: [beam] }],
    });
    expect(state.selection.activeElements).toHaveLength(2);
    expect(state.mySignature).toEqual({ signature: SIX, type: 'Photography' });
    expect(state.myStreamSettings.parameters).toEqual([{ flag: '--stylize', value: '250' }]);

    // The page shows it all: the chips, the target, the kept parameters and the toggles.
    const chips = page.getByRole('region', { name: 'Active selection' });
    await waitInPage(
      page,
      `(() => { const text = document.querySelector('.selection-chips')?.textContent ?? '';
        return text.includes('Shadow') && text.includes('Photography') && !text.includes('Painting'); })()`,
    );
    expect(await chips.textContent()).not.toContain('Architect');
    expect(await page.locator('#stream-target').inputValue()).toBe('midjourney-6');
    await page.locator('.kept-parameters').getByText('--s 250').waitFor();
    expect(await page.getByLabel('8k').isChecked()).toBe(false);
    expect(await promptOf(page)).toBe(original);

    // Architect is gone, so the page never reaches the version's own basis: once the restore has answered, a change
    // (here from another device) rebuilds the prompt again.
    await gql(account, ACTIVE, { family: 'bl', id: shadow, active: false });
    await waitInPage(
      page,
      `(() => { const value = document.querySelector('#stream-prompt')?.value ?? '';
        return value.includes('Light') && !value.includes('Shadow'); })()`,
    );
    const root = 'document.documentElement';
    expect(await page.evaluate(`${root}.scrollWidth <= ${root}.clientWidth`)).toBe(true);
  }, 180_000);
});
