import { TokenService } from '@promptloom/gateway';
import { type Page, type WebSocketRoute } from 'playwright-core';
import { useBrowserProduct } from '../support/browser-product';
// The secret alone: the product's modules stay out of this file's realm.
import { TEST_JWT_SECRET } from '../../apps/all-in-one/src/testing/test-jwt-secret';
import { graphql, newUser, requestJson } from '../support/http';
import { navigateInApp, recordSockets, signInThroughForm } from './session-support';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

const product = useBrowserProduct();
const { browser } = product;

interface Account {
  id: number;
  email: string;
  password: string;
}

async function signUpWithType(text: string): Promise<Account> {
  const user = newUser();
  const answer = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: user });
  const added = await graphql(
    product.baseUrl,
    'mutation ($text: String!) { addCustomItem(family: tl, text: $text) { family } }',
    { text },
    answer.body.access_token,
  );
  expect(added.body.errors).toBeUndefined();
  return { id: answer.body.user.id, email: user.email, password: user.password };
}

/** A real token of this product, already expired: what a browser holds after the idle time passed. */
const expiredToken = (account: Account) =>
  new TokenService(TEST_JWT_SECRET, -60_000).issue({ userId: account.id, role: 'user' }).token;
/** A token the server did not sign (another secret): refused like a revoked one. */
const foreignToken = (account: Account) =>
  new TokenService('another-secret-that-is-long-enough-for-hs256', 3_600_000).issue({
    userId: account.id,
    role: 'user',
  }).token;

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  return context.newPage();
}

async function setStoredToken(page: Page, token: string) {
  await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`);
}

async function expectSignedOutWithNotice(page: Page) {
  await page.waitForURL('**/pro');
  await page.getByRole('status').filter({ hasText: SESSION_ENDED }).waitFor();
  expect(await page.evaluate(`localStorage.getItem('token')`)).toBeNull();
  expect(await page.evaluate(`localStorage.getItem('user')`)).toBeNull();
}

async function openTypes(page: Page) {
  const toggle = page.getByRole('button', { name: 'Types', exact: true });
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await page.getByRole('complementary', { name: 'Types sidebar' }).waitFor();
}

describe('the client signs out when the server refuses its session', () => {
  it('from a query: a restored session whose token has expired lands on /pro with the message (at 360 px)', async () => {
    const account = await signUpWithType('Quartz');
    const page = await newPage(360);
    // No socket reaches the server in this test, so only the HTTP queries can carry the refusal.
    await page.routeWebSocket('**/graphql', () => undefined);
    await page.goto(`${product.baseUrl}/login`);
    await signInThroughForm(page, account);
    await page.waitForURL('**/types/dashboard');
    const cards = page.getByRole('navigation', { name: 'Your lists' });
    await cards.getByRole('link', { name: /Types\s*1/ }).waitFor();
    await cards.getByRole('link', { name: /Signature\s*0/ }).waitFor();

    await setStoredToken(page, expiredToken(account));
    await page.goto(`${product.baseUrl}/types/dashboard`);
    await expectSignedOutWithNotice(page);
    const notice = page.getByRole('status').filter({ hasText: SESSION_ENDED });
    const box = await notice.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);

    // Signing in again clears the message.
    await signInThroughForm(page, account);
    await page.waitForURL('**/types/dashboard');
    await navigateInApp(page, '/pro');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByText(SESSION_ENDED).count()).toBe(0);
    await page.context().close();
  }, 60_000);

  it('from a mutation: activating an item with a refused token signs out', async () => {
    const account = await signUpWithType('Obsidian');
    const page = await newPage();
    const sockets = recordSockets(page);
    await page.goto(`${product.baseUrl}/login`);
    await signInThroughForm(page, account);
    await page.waitForURL('**/types/dashboard');
    await page.getByRole('link', { name: /Home/ }).click();
    await openTypes(page);
    const row = page.getByRole('button', { name: 'Obsidian', exact: true });
    await row.waitFor();
    const socket = await sockets.nth(0);
    expect(await socket.user).toBe(account.id);

    await setStoredToken(page, foreignToken(account));
    await row.click();
    await expectSignedOutWithNotice(page);
    // The session's socket is closed with it.
    await socket.closed;
    await page.context().close();
  }, 60_000);

  it('from a REST upload: an upload answered 401 on the Stream page signs out', async () => {
    const account = await signUpWithType('Jade');
    const page = await newPage(360);
    const refusedUrls: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refusedUrls.push(new URL(response.url()).pathname);
    });
    await page.goto(`${product.baseUrl}/login`);
    await signInThroughForm(page, account);
    await page.waitForURL('**/types/dashboard');
    await navigateInApp(page, '/types/streamBM');
    const input = page.locator('input[type=file]');
    await input.waitFor({ state: 'attached' });

    // From here GraphQL requests over HTTP are held, so that the page's own (the prompt history saving the assembled
    // prompt, late on a loaded machine) cannot be the one refused first: this test is about the upload.
    await page.route('**/graphql', () => undefined);
    await setStoredToken(page, foreignToken(account));
    await input.setInputFiles({
      name: 'picture.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not sent'),
    });
    await expectSignedOutWithNotice(page);
    // The upload carried the refusal (the sign-out's own logout call is refused after it), no GraphQL request did.
    expect(refusedUrls[0]).toBe(`/api/stream/store/${account.id}`);
    expect(refusedUrls).not.toContain('/graphql');
    await page.context().close();
  }, 60_000);

  it('from the WebSocket: a reconnect refused by the server (close 4403) signs out', async () => {
    const account = await signUpWithType('Malachite');
    const page = await newPage();
    // The page's sockets go to the real gateway through this route, so the test can drop one.
    const connections: Array<{ page: WebSocketRoute; server: WebSocketRoute; init: Promise<string> }> = [];
    const serverCloseCodes: number[] = [];
    await page.routeWebSocket('**/graphql', (ws) => {
      const server = ws.connectToServer();
      // The server's close code (4403 when it refuses the token) reaches the page as it is.
      server.onClose((code, reason) => {
        if (code !== undefined) serverCloseCodes.push(code);
        void ws.close({ code, reason });
      });
      const init = new Promise<string>((resolve) => {
        ws.onMessage((message) => {
          if (typeof message === 'string' && message.includes('"connection_init"')) resolve(message);
          server.send(message);
        });
      });
      connections.push({ page: ws, server, init });
    });
    await page.goto(`${product.baseUrl}/login`);
    await signInThroughForm(page, account);
    await page.waitForURL('**/types/dashboard');
    await page.getByRole('link', { name: /Home/ }).click();
    await openTypes(page);
    await page.getByRole('button', { name: 'Malachite', exact: true }).waitFor();
    expect(connections).toHaveLength(1);
    await connections[0]!.init;

    // The server now refuses the token; the connection drops (a restart) and the client reconnects with it.
    const refused = foreignToken(account);
    await setStoredToken(page, refused);
    const dropped = connections[0]!;
    await dropped.server.close({ code: 1012, reason: 'Service Restart' });
    await dropped.page.close({ code: 1012, reason: 'Service Restart' });
    await expectSignedOutWithNotice(page);
    expect(connections.length).toBeGreaterThanOrEqual(2);
    expect(await connections[1]!.init).toContain(refused);
    expect(serverCloseCodes).toContain(4403);
    await page.context().close();
  }, 60_000);
});
