import { type Page } from 'playwright-core';
import { waitFor } from '@promptloom/shared/testing';
import { newUser, requestJson } from '../support/http';
import { useBrowserProduct } from '../support/browser-product';
import { waitInPage } from '../support/wait-in-page';

const SESSION_ENDED = 'Your session has ended. Please log in again.';

const product = useBrowserProduct();
const { browser } = product;

async function signInThroughTheForm(email: string, password: string): Promise<{ page: Page; token: string }> {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await page.goto(`${product.baseUrl}/login`);
  await page.getByPlaceholder('USERNAME OR EMAIL').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  // The token, not the toast: the toast shows for 3 s, which a loaded machine's polling can miss.
  await waitInPage(page, `localStorage.getItem('token') !== null`, { timeout: 90_000 });
  const token = (await page.evaluate(`localStorage.getItem('token')`)) as string;
  expect((await requestJson(product.baseUrl, 'GET', '/api/user', { token })).status).toBe(200);
  return { page, token };
}

/** A copy of the token (another tab, a leaked header) stops working once the user signed out. */
async function expectRefusedByTheServer(token: string) {
  const refused = await waitFor(async () => {
    const response = await requestJson(product.baseUrl, 'GET', '/api/user', { token });
    return response.status === 401 ? response : null;
  }, 'the server to refuse the signed-out token');
  expect(refused!.body.message).toBe(SESSION_ENDED);
}

describe('signing out in the browser ends the session on the server', () => {
  it("the dashboard's Logout", async () => {
    const user = newUser();
    await requestJson(product.baseUrl, 'POST', '/api/signup', { body: user });
    const { page, token } = await signInThroughTheForm(user.email, user.password);
    await page.waitForURL('**/types/dashboard');
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL('**/pro');
    await expectRefusedByTheServer(token);
    await page.close();
  });

  it("the admin console's Logout", async () => {
    await product.createAdmin({
      email: 'logout.admin@example.com',
      password: 'admin-password-1',
    });
    const { page, token } = await signInThroughTheForm('logout.admin@example.com', 'admin-password-1');
    await page.waitForURL('**/admin/**');
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL('**/pro');
    await expectRefusedByTheServer(token);
    await page.close();
  });
});
