import AxeBuilder from '@axe-core/playwright';
import { waitInPage } from '../support/wait-in-page';
import { type BrowserContext, type Page, type WebSocketRoute } from 'playwright-core';
import { graphql, newUser, requestJson } from '../support/http';
import { watchPageSubscriptions } from '../support/subscriptions';
import { signInToWorkspace, useBrowserProduct } from '../support/browser-product';

const product = useBrowserProduct();
const { browser } = product;

/** Adds a type to the user's list through the API the client uses, and activates it if asked. */
async function addType(token: string, text: string, active: boolean) {
  const added = await graphql(
    product.baseUrl,
    'mutation ($text: String!) { addCustomItem(family: tl, text: $text) { items { id aiResponse } } }',
    { text },
    token,
  );
  expect(added.body.errors).toBeUndefined();
  if (!active) return;
  const item = added.body.data.addCustomItem.items.find(
    (entry: { aiResponse: string }) => entry.aiResponse === text,
  );
  await graphql(
    product.baseUrl,
    'mutation ($id: Int!) { setItemActive(family: tl, itemId: $id, active: true) { activeTypes } }',
    { id: item.id },
    token,
  );
}

/** A new user with these types added, signed in on a browser context of their own (closed after the test). */
async function signedIn(types: Array<{ text: string; active: boolean }> = []) {
  const user = newUser();
  const signup = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: user });
  const token: string = signup.body.access_token;
  for (const { text, active } of types) await addType(token, text, active);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInToWorkspace(page, product.baseUrl, user);
  await page.close();
  return { context, token };
}

async function openTypes(context: BrowserContext, page?: Page): Promise<Page> {
  page ??= await context.newPage();
  await page.goto(`${product.baseUrl}/`);
  const toggle = page.getByRole('button', { name: 'Types', exact: true });
  await toggle.waitFor();
  // The open/closed state is kept in local storage (LsidebarOpen), so a new tab may open it already.
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await page.getByRole('complementary', { name: 'Types sidebar' }).waitFor();
  return page;
}

describe('the home workspace in a real browser', () => {
  it('adds a custom type when the search matches nothing, and activates it', async () => {
    const { context } = await signedIn();
    const page = await openTypes(context);
    await page.getByLabel('Search Types').fill('Surreal');
    await page.getByRole('button', { name: 'Add “Surreal”' }).click();
    const row = page.getByRole('button', { name: 'Surreal', exact: true });
    await row.waitFor();
    expect(await row.getAttribute('aria-pressed')).toBe('false');
    await row.click();
    await waitInPage(
      page,
      `[...document.querySelectorAll('.list-row-active')].some((row) => row.textContent.includes('Surreal'))`,
    );
    // Active reads at a glance on the dark theme: a tick before the name, not only a dark border.
    const tick = `getComputedStyle(document.querySelector('.list-row-text[aria-pressed="true"]'), '::before').content`;
    expect(await page.evaluate(tick)).toContain('✓');
    expect(await row.getAttribute('aria-pressed')).toBe('true');
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    await page.close();
  });

  it('keeps two tabs in step: a change in one shows in the other without a reload', async () => {
    const { context } = await signedIn([{ text: 'Surreal', active: true }]);
    const first = await openTypes(context);
    const second = await context.newPage();
    const subscriptions = await watchPageSubscriptions(second, product.baseUrl);
    await openTypes(context, second);
    const inSecond = second.getByRole('button', { name: 'Surreal', exact: true });
    await inSecond.waitFor();
    expect(await inSecond.getAttribute('aria-pressed')).toBe('true');
    await subscriptions.registered('ListUpdated');
    await subscriptions.registered('SelectionChanged');

    await first.getByRole('button', { name: 'Surreal', exact: true }).click();
    await waitInPage(second, `document.querySelectorAll('.list-row-active').length === 0`);

    await first.getByLabel('Search Types').fill('Baroque');
    await first.getByRole('button', { name: 'Add “Baroque”' }).click();
    await second.getByRole('button', { name: 'Baroque', exact: true }).waitFor();
    await first.close();
    await second.close();
  });

  it('opens the reason box on the first click and hides the row on the second when a reason is given', async () => {
    const { context } = await signedIn([{ text: 'Baroque', active: false }]);
    const page = await openTypes(context);
    await page.getByRole('button', { name: 'Add a reason for Baroque' }).click();
    // The item's name stays in view while its reason is written.
    await page
      .locator('.list-row', { has: page.getByLabel('Reason for Baroque') })
      .getByText('Baroque')
      .waitFor();
    await page.getByPlaceholder('Reason').fill('Too ornate for this project');
    await page.getByRole('button', { name: 'Save reason for Baroque' }).click();
    await page.getByRole('button', { name: 'Baroque', exact: true }).waitFor({ state: 'detached' });
    await page.close();
  });

  it('resumes after a dropped connection: what changed meanwhile appears without a reload, from afterSequence', async () => {
    const { context, token } = await signedIn();
    // The page's sockets go through a route the test controls: it drops them, and refuses new ones until told.
    const page = await context.newPage();
    const sockets: WebSocketRoute[] = [];
    const subscribes: Array<{ query: string; variables: Record<string, unknown> }> = [];
    let refusing = false;
    await page.routeWebSocket(/\/graphql$/, (socket) => {
      if (refusing) return void socket.close({ code: 1001, reason: 'dropped by the test' });
      const server = socket.connectToServer();
      socket.onMessage((message) => {
        const frame = JSON.parse(String(message));
        if (frame.type === 'subscribe') subscribes.push(frame.payload);
        server.send(message);
      });
      sockets.push(socket);
    });
    await openTypes(context, page);
    await page.getByText('Nothing here yet').waitFor();
    // Made while the page watches: the subscription has seen a sequence to resume from.
    await addType(token, 'Surreal', true);
    await page.getByRole('button', { name: 'Surreal', exact: true }).waitFor();
    // The list's own re-reads after the drop: the catch-up must come from the resumed subscription instead.
    let listReads = 0;
    page.on('request', (request) => {
      if (request.postData()?.includes('query AiList')) listReads += 1;
    });
    refusing = true;
    await Promise.all(sockets.map((socket) => socket.close({ code: 1001, reason: 'dropped by the test' })));
    // Made while no socket is open: only the client's catch-up on reconnecting can show it.
    await graphql(
      product.baseUrl,
      'mutation { addCustomItem(family: tl, text: "Vaporwave") { family } }',
      {},
      token,
    );
    await graphql(
      product.baseUrl,
      'mutation { addCustomItem(family: tl, text: "Synthwave") { family } }',
      {},
      token,
    );
    refusing = false;
    await page.getByRole('button', { name: 'Vaporwave', exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Synthwave', exact: true }).waitFor();
    const resumed = subscribes.filter(
      (payload) => payload.query.includes('subscription ListUpdated') && payload.variables.family === 'tl',
    );
    expect(resumed.at(-1)?.variables.afterSequence).toEqual(expect.any(Number));
    expect(listReads).toBe(0);
    await page.close();
  });
});
