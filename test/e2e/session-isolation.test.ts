import { type Page } from 'playwright-core';
import { useBrowserProduct } from '../support/browser-product';
import { graphql, newUser, requestJson } from '../support/http';
import {
  isSameDocument,
  markDocument,
  navigateInApp,
  recordSockets,
  signInThroughForm,
  storageKeys,
  waitForPrompt,
  writeStorage,
} from './session-support';

const ADMIN = { email: 'isolation.admin@example.com', password: 'isolation-password-1' };
const A_SIGNATURE = ['Aster', 'Azure', 'Amber', 'Acacia', 'Alder', 'Agate'];

interface Account {
  id: number;
  email: string;
  password: string;
  token: string;
  /** The user as the signup answered it: what the web client stores under `user`. */
  user: Record<string, unknown>;
}

async function signUp(firstName: string): Promise<Account> {
  const user = newUser({ first_name: firstName });
  const answer = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: user });
  expect(answer.status).toBe(201);
  return {
    id: answer.body.user.id,
    email: user.email,
    password: user.password,
    token: answer.body.access_token,
    user: answer.body.user,
  };
}

async function addActiveItem(account: Account, family: 'tl' | 'bl' | 'tr', text: string, active = true) {
  const added = await graphql(
    product.baseUrl,
    'mutation ($family: ListFamily!, $text: String!) { addCustomItem(family: $family, text: $text) { items { id aiResponse } } }',
    { family, text },
    account.token,
  );
  expect(added.body.errors).toBeUndefined();
  const item = added.body.data.addCustomItem.items.find(
    (entry: { aiResponse: string }) => entry.aiResponse === text,
  );
  if (!active) return;
  const activated = await graphql(
    product.baseUrl,
    'mutation ($family: ListFamily!, $id: Int!) { setItemActive(family: $family, itemId: $id, active: true) { activeTypes } }',
    { family, id: item.id },
    account.token,
  );
  expect(activated.body.errors).toBeUndefined();
}

// Its own product: the admin's record list shows every user's rows, page by page, and on the worker's shared product
// other suites' rows could push this suite's off the first page.
const product = useBrowserProduct({ admin: ADMIN, ownProduct: true });
const { browser } = product;

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

async function openSidebar(page: Page, toggle: 'Types' | 'Pro') {
  const button = page.getByRole('button', { name: toggle, exact: true });
  await button.waitFor();
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  await page.getByRole('complementary', { name: `${toggle} sidebar` }).waitFor();
}

const row = (page: Page, text: string) => page.getByRole('button', { name: text, exact: true });

/**
 * Two tabs of one browser (shared storage): the first signed in as `account` through the form, the second open on
 * home with the Types sidebar showing `listed`, its document marked.
 */
async function twoTabsOf(account: Account, listed: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const first = await context.newPage();
  await first.goto(`${product.baseUrl}/login`);
  await signInThroughForm(first, account);
  await first.waitForURL('**/types/dashboard');
  const second = await context.newPage();
  await second.goto(`${product.baseUrl}/`);
  await openSidebar(second, 'Types');
  await row(second, listed).waitFor();
  await markDocument(second);
  return { context, first, second };
}

describe('one browser tab, two users: nothing of the first reaches the second', () => {
  it("signs A out and B in without a reload; B sees none of A's lists, selection, signature or stream", async () => {
    const a = await signUp('Alice');
    const b = await signUp('Bruno');
    await addActiveItem(a, 'tl', 'Aurora');
    await addActiveItem(a, 'tl', 'Archipelago', false);
    await addActiveItem(a, 'tr', 'Astronomer');
    await addActiveItem(a, 'bl', 'Alabaster');
    const signature = await graphql(
      product.baseUrl,
      'mutation ($input: SignatureInput!) { storeSignature(input: $input) { id } }',
      { input: { username: 'Alice', signature: A_SIGNATURE } },
      a.token,
    );
    expect(signature.body.errors).toBeUndefined();
    await addActiveItem(b, 'tl', 'Birchwood');
    await addActiveItem(b, 'tr', 'Beekeeper', false);

    const page = await newPage();
    const sockets = recordSockets(page);
    await page.goto(`${product.baseUrl}/pro`);
    await markDocument(page);

    // A works: lists, selection, signature, the Stream page, a stored toggle.
    await signInThroughForm(page, a);
    await page.waitForURL('**/types/dashboard');
    const socketA = await sockets.nth(0);
    expect(await socketA.user).toBe(a.id);
    const cards = page.getByRole('navigation', { name: 'Your lists' });
    await cards.getByRole('link', { name: /Types\s*2\s*1 active/ }).waitFor();
    await cards.getByRole('link', { name: /Signature\s*1/ }).waitFor();
    await page.getByRole('link', { name: /Home/ }).click();
    await openSidebar(page, 'Types');
    await row(page, 'Archipelago').waitFor();
    expect(await row(page, 'Aurora').getAttribute('aria-pressed')).toBe('true');
    await openSidebar(page, 'Pro');
    await row(page, 'Astronomer').waitFor();
    await navigateInApp(page, '/types/streamBM');
    const chips = page.getByRole('region', { name: 'Active selection' });
    await chips.getByText('Aurora').waitFor();
    await page.getByLabel('8k').check();
    await waitForPrompt(page, /Signature: Aster/);

    // A signs out from the dashboard.
    await navigateInApp(page, '/types/dashboard');
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL('**/pro');
    await socketA.closed;
    expect((await storageKeys(page)).filter((key) => key !== 'url')).toEqual([]);

    // B signs in on the same page: a new socket with B's token, and only B's data.
    await signInThroughForm(page, b);
    await page.waitForURL('**/types/dashboard');
    const socketB = await sockets.nth(1);
    expect(await socketB.user).toBe(b.id);
    await cards.getByRole('link', { name: /Types\s*1\s*1 active/ }).waitFor();
    await cards.getByRole('link', { name: /Signature\s*0\s*none saved yet/ }).waitFor();
    await cards.getByRole('link', { name: /Pro\s*1\s*0 active/ }).waitFor();

    await page.getByRole('link', { name: /Home/ }).click();
    await openSidebar(page, 'Types');
    await row(page, 'Birchwood').waitFor();
    expect(await row(page, 'Aurora').count()).toBe(0);
    expect(await row(page, 'Archipelago').count()).toBe(0);
    expect(await page.locator('.list-row-active').allTextContents()).toEqual([
      expect.stringContaining('Birchwood'),
    ]);
    await openSidebar(page, 'Pro');
    await row(page, 'Beekeeper').waitFor();
    expect(await row(page, 'Astronomer').count()).toBe(0);

    await navigateInApp(page, '/types/streamBM');
    await chips.getByText('Birchwood').waitFor();
    await waitForPrompt(page, /^Birchwood image/);
    expect(await chips.textContent()).not.toMatch(/Aurora|Astronomer|Alabaster/);
    expect(await page.getByRole('textbox', { name: 'Prompt' }).inputValue()).not.toMatch(
      /Aster|Aurora|Astronomer/,
    );
    expect(await page.getByLabel('8k').isChecked()).toBe(false);

    expect(await isSameDocument(page)).toBe(true);
    await page.context().close();
  }, 180_000);

  it("signs an admin out and a user in without a reload; the admin's rows and socket are gone", async () => {
    const owner = await signUp('Celeste');
    await addActiveItem(owner, 'tl', 'Cinnabar', false);
    const b = await signUp('Dmitri');
    await addActiveItem(b, 'tl', 'Driftwood', false);

    const page = await newPage();
    const sockets = recordSockets(page);
    await page.goto(`${product.baseUrl}/pro`);
    await markDocument(page);
    await signInThroughForm(page, ADMIN);
    await page.waitForURL('**/admin/UserManage');
    await navigateInApp(page, '/admin/mode/tl');
    await page.getByRole('cell', { name: 'Cinnabar', exact: true }).waitFor();
    const adminSocket = await sockets.nth(0);
    expect(await adminSocket.user).not.toBeNull();

    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL('**/pro');
    await adminSocket.closed;
    expect((await storageKeys(page)).filter((key) => key !== 'url')).toEqual([]);

    await signInThroughForm(page, b);
    await page.waitForURL('**/types/dashboard');
    expect(await (await sockets.nth(1)).user).toBe(b.id);
    // The admin screen is not B's: the guard sends B home, where B's own list shows and no admin row.
    await navigateInApp(page, '/admin/mode/tl');
    await page.waitForURL(`${product.baseUrl}/`);
    await openSidebar(page, 'Types');
    await row(page, 'Driftwood').waitFor();
    expect(await page.getByText('Cinnabar').count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await isSameDocument(page)).toBe(true);
    await page.context().close();
  }, 180_000);

  it('follows a sign-out and a sign-in as someone else made in another tab, without a reload', async () => {
    const a = await signUp('Esther');
    await addActiveItem(a, 'tl', 'Eucalyptus', false);
    const b = await signUp('Felix');
    await addActiveItem(b, 'tl', 'Fennel', false);
    const { context, first, second } = await twoTabsOf(a, 'Eucalyptus');

    await first.getByRole('button', { name: 'Logout', exact: true }).click();
    await second.waitForURL('**/pro');
    await signInThroughForm(first, b);
    await first.waitForURL('**/types/dashboard');
    await second.waitForURL(`${product.baseUrl}/`);
    await openSidebar(second, 'Types');
    await row(second, 'Fennel').waitFor();
    expect(await row(second, 'Eucalyptus').count()).toBe(0);
    expect(await isSameDocument(second)).toBe(true);
    await context.close();
  }, 180_000);

  it("follows another tab's sign-in as it may arrive (no sign-out seen between, no last activity yet): the new user's lists, none of the old", async () => {
    const a = await signUp('Gus');
    await addActiveItem(a, 'tl', 'Gale', false);
    const b = await signUp('Hana');
    await addActiveItem(b, 'tl', 'Hazel', false);
    const { context, first, second } = await twoTabsOf(a, 'Gale');

    // A sign-in in another tab writes its keys one by one, and a tab may read them before the last one reached it
    // (and after its sign-out did): here the token and the user are B's, the last activity is not there yet.
    await writeStorage(first, [
      ['lastActivity', null],
      ['token', b.token],
      ['user', JSON.stringify(b.user)],
    ]);
    await openSidebar(second, 'Types');
    await row(second, 'Hazel').waitFor();
    expect(await row(second, 'Gale').count()).toBe(0);
    expect(second.url()).toBe(`${product.baseUrl}/`);

    // Signed out in another tab, then a sign-in arrives before its last activity: the tab signs in and stays in
    // (it takes the missing last activity as now, not as an hour ago).
    await writeStorage(first, [
      ['lastActivity', null],
      ['token', null],
      ['user', null],
    ]);
    await second.waitForURL('**/pro');
    await writeStorage(first, [
      ['token', a.token],
      ['user', JSON.stringify(a.user)],
    ]);
    await second.waitForURL(`${product.baseUrl}/`);
    await second.waitForFunction("Number(localStorage.getItem('lastActivity')) > 0");
    await openSidebar(second, 'Types');
    await row(second, 'Gale').waitFor();
    expect(second.url()).toBe(`${product.baseUrl}/`);
    expect(await isSameDocument(second)).toBe(true);
    await context.close();
  }, 180_000);
});
