import AxeBuilder from '@axe-core/playwright';
import { type Page } from 'playwright-core';
import { newUser, requestJson } from '../support/http';
import { startOwnProduct, useBrowserProduct } from '../support/browser-product';

/** Short, for the idle log-out test only: its own product, so no other test's session ends while it runs. */
const IDLE_MS = 4000;
const product = useBrowserProduct();
const newPage = () => product.newPage();

/** A local storage value of the page (evaluated in the browser, where localStorage exists). */
function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate(`localStorage.getItem(${JSON.stringify(key)})`);
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Signs a new user up through the API: a test of signing in has a user of its own. */
async function signedUpUser(baseUrl: string) {
  const user = newUser();
  expect((await requestJson(baseUrl, 'POST', '/api/signup', { body: user })).status).toBe(201);
  return user;
}

describe('sign-up, sign-in and sign-out in a real browser', () => {
  it('sends a visitor of a protected page to /pro, where Login waits for both fields', async () => {
    const page = await newPage();
    await page.goto(`${product.baseUrl}/types/dashboard`);
    await page.waitForURL('**/pro');
    const login = page.getByRole('button', { name: 'Login' });
    expect(await login.isDisabled()).toBe(true);
    expect(await page.locator('.logo-dimmed').count()).toBe(1);
    await page.getByPlaceholder('USERNAME OR EMAIL').fill('someone@example.com');
    expect(await login.isDisabled()).toBe(true);
    await page.getByLabel('Password').fill('x');
    expect(await login.isDisabled()).toBe(false);
    expect(await page.locator('.logo-dimmed').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await page.close();
  });

  it('shows the email rule and the server field errors on Sign Up', async () => {
    const user = newUser();
    const page = await newPage();
    await page.goto(`${product.baseUrl}/Signup`);
    await page.getByRole('heading', { name: 'Sign Up' }).waitFor();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('The first name field is required.').waitFor();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByLabel('Email').fill('not-an-email');

    await page.getByLabel('First name').fill(user.first_name);
    await page.getByLabel('Last name').fill(user.last_name);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Mobile').fill(user.mobile);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Comfirm Password').fill('something else');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('The password field confirmation does not match.').waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Comfirm Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Signup successful').waitFor();
    await page.waitForURL(`${product.baseUrl}/`);
    expect(await storedItem(page, 'token')).toEqual(expect.any(String));
    await page.close();
  });

  it('logs in, lands on the dashboard, and logs out to /pro', async () => {
    const user = await signedUpUser(product.baseUrl);
    const page = await newPage();
    await page.goto(`${product.baseUrl}/login`);
    await page.getByPlaceholder('USERNAME OR EMAIL').fill(user.email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('These credentials do not match our records.').waitFor();

    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Login Successfully').waitFor();
    await page.waitForURL('**/types/dashboard');
    expect(await storedItem(page, 'LFlip')).toBe('false');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL('**/pro');
    expect(await storedItem(page, 'token')).toBeNull();
    await page.close();
  });

  it('logs out by itself after the configured idle time without mouse, key or click', async () => {
    const idle = await startOwnProduct({ sessionIdleMs: IDLE_MS });
    try {
      const user = await signedUpUser(idle.baseUrl);
      const page = await newPage();
      await page.goto(`${idle.baseUrl}/login`);
      await page.getByPlaceholder('USERNAME OR EMAIL').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/types/dashboard');
      // The client's idle timer (IDLE_MS) ends the session; the deadline only bounds a slow machine.
      await page.waitForURL('**/pro', { timeout: 60_000 });
      expect(await storedItem(page, 'token')).toBeNull();
      await page.close();
    } finally {
      await idle.stop();
    }
  });
});
