import { type Page, type WebSocketRoute } from 'playwright-core';
import { waitFor } from '@promptloom/shared/testing';
import { requestJson } from '../support/http';
import { waitInPage } from '../support/wait-in-page';
import { openSignedIn, signedUpUser, useBrowserProduct } from '../support/browser-product';
import { ADMIN } from './admin-support';
import { addActive } from './signature-support';

let adminToken: string;

const product = useBrowserProduct({ admin: ADMIN });
const { browser } = product;
beforeAll(async () => {
  adminToken = (await requestJson(product.baseUrl, 'POST', '/api/login', { body: ADMIN })).body.access_token;
});

type Account = Awaited<ReturnType<typeof signedUpUser>>;

/** A user with a selection for the Stream page and a saved signature; answers the signature's id. */
async function userWithSignature(): Promise<{ account: Account; signatureId: number }> {
  const account = await signedUpUser(product.baseUrl);
  await addActive(product.baseUrl, account.token, 'tl', 'Photography');
  await addActive(product.baseUrl, account.token, 'bl', 'Shadow');
  const saved = await requestJson(product.baseUrl, 'POST', `/api/br/signature/store/${account.id}`, {
    token: account.token,
    body: {
      user_id: account.id,
      username: 'Ada Lovelace',
      signature: ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'],
      signatureElements: ['Light', 'Shadow'],
    },
  });
  expect(saved.status).toBe(200);
  return { account, signatureId: saved.body.data.id };
}

/** A version saved on the user's other device, through the API. */
async function savedElsewhere(account: Account, prompt: string): Promise<void> {
  const saved = await requestJson(product.baseUrl, 'POST', '/api/stream/history', {
    token: account.token,
    body: {
      prompt,
      origin: 'edited',
      snapshot: {
        selection: { types: ['Photography'], proItems: [], elements: [] },
        toggles: { hyperRealistic: false, eightK: false, fourK: false },
        target: 'midjourney-6',
      },
    },
  });
  expect(saved.status).toBe(201);
}

/**
 * The page's sockets go through a route the test controls: `drop()` closes them and refuses new ones (the client
 * keeps retrying) until `restore()`. Records every subscribe frame the page sends.
 */
async function controlledSockets(page: Page) {
  const sockets: WebSocketRoute[] = [];
  const subscribes: Array<{ query: string; variables?: Record<string, unknown> }> = [];
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
  return {
    subscribes,
    async drop() {
      refusing = true;
      await Promise.all(sockets.splice(0).map((socket) => socket.close({ code: 1001, reason: 'dropped' })));
    },
    restore() {
      refusing = false;
    },
  };
}

const itemOf = (page: Page, origin: string, text: string) =>
  page.locator(`.history-item[data-origin="${origin}"]`).filter({ hasText: text }).first();
/** The "while you were away" inbox's panel, opened from its button in the top bar (it never opens by itself). */
async function openedNoticeOf(page: Page) {
  const inbox = page.getByRole('button', { name: /^While you were away: \d+ changes?$/u });
  await inbox.waitFor();
  if ((await inbox.getAttribute('aria-expanded')) !== 'true') await inbox.click();
  return page.getByRole('complementary', { name: 'While you were away' });
}
const noticeOf = (page: Page) => page.getByRole('complementary', { name: 'While you were away' });
const overflowsSideways = (page: Page) =>
  page.locator('html').evaluate((html) => html.scrollWidth > html.clientWidth);

const WIDTHS = [
  ['desktop', { width: 1280, height: 900 }],
  ['narrow phone', { width: 360, height: 740 }],
] as const;

describe.each(WIDTHS)('after the live connection drops and comes back (%s)', (_name, viewport) => {
  it("shows the versions saved meanwhile, from afterSequence, and the admin's edit once in a live notice", async () => {
    const { account, signatureId } = await userWithSignature();
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const sockets = await controlledSockets(page);
    await openSignedIn(page, product.baseUrl, account, '/types/streamBM');
    await waitInPage(page, `document.querySelector('#stream-prompt')?.value.includes('Shadow')`);
    await page.getByRole('button', { name: 'History' }).click();
    await itemOf(page, 'assembled', 'Shadow').waitFor();
    // Seen live: the subscription has a sequence to resume from.
    await savedElsewhere(account, 'a lighthouse in fog');
    await itemOf(page, 'edited', 'a lighthouse in fog').waitFor();
    expect(await noticeOf(page).count()).toBe(0);

    await sockets.drop();
    // While this browser has no socket: another device saves a version, an admin edits the user's signature.
    await savedElsewhere(account, 'a harbour at low tide');
    const edit = await requestJson(product.baseUrl, 'PUT', `/api/admin/user/br/update/${signatureId}`, {
      token: adminToken,
      body: { status: 0 },
    });
    expect(edit.status).toBe(200);
    await waitFor(async () => {
      const audit = await requestJson(
        product.baseUrl,
        'GET',
        `/api/admin/audit/list?entity=br_record&entity_id=${signatureId}`,
        { token: adminToken },
      );
      return audit.body.data?.data?.length > 0;
    }, 'the admin edit audited');
    sockets.restore();

    await itemOf(page, 'edited', 'a harbour at low tide').waitFor({ timeout: 30_000 });
    const resumed = sockets.subscribes.filter((payload) =>
      payload.query.includes('subscription PromptVersionSaved'),
    );
    expect(resumed.at(-1)?.variables?.afterSequence).toEqual(expect.any(Number));

    // The history panel is open over the top bar's right side (a full-screen drawer on a phone): closed first.
    await page.getByRole('button', { name: 'Close history' }).click();
    const notice = await openedNoticeOf(page);
    await notice.waitFor();
    await notice.getByRole('link', { name: /^An admin updated your signature “Aurora, Dusk/u }).waitFor();
    // The edit moved the signature's saved time too: it is told once, as the admin's edit.
    expect(await notice.getByRole('listitem').count()).toBe(1);
    expect(await notice.getByText(/Signature saved/u).count()).toBe(0);
    expect(await overflowsSideways(page)).toBe(false);

    // Live: dismissed on another device, the notice goes here too.
    const dismissed = await requestJson(product.baseUrl, 'POST', '/api/while-you-were-away/dismiss', {
      token: account.token,
    });
    expect(dismissed.status).toBe(200);
    await notice.waitFor({ state: 'detached' });
  }, 180_000);
});
