import sharp from 'sharp';
import { waitInPage } from '../support/wait-in-page';
import { type Page } from 'playwright-core';
import { useBrowserProduct } from '../support/browser-product';
import { graphql, newUser, requestJson } from '../support/http';
import { navigateInApp, signInThroughForm } from './session-support';

const ADMIN = { email: 'csp.admin@example.com', password: 'csp-admin-password-1' };
/** What the page reports, in the browser, for every blocked resource or inline code. */
const RECORD_VIOLATIONS = `
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.cspViolations.push(event.violatedDirective + ' ' + (event.blockedURI || 'inline') + ' ' + event.sourceFile);
  });
`;
/** A deliberate violation (an inline script): the marker that proves the listener above reports. */
const MARKER = `
  const script = document.createElement('script');
  script.textContent = 'window.cspMarkerRan = true';
  document.body.appendChild(script);
`;

const product = useBrowserProduct({ admin: ADMIN });
const { browser } = product;

async function newPage(): Promise<{ page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(RECORD_VIOLATIONS);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  return { page, consoleErrors };
}

/** Ends a walk: the marker violation arrives, and it is the only one the page and its console reported. */
async function expectOnlyTheMarkerViolation(page: Page, consoleErrors: string[]) {
  await page.evaluate(MARKER);
  await waitInPage(page, 'window.cspViolations.some((entry) => entry.startsWith("script-src-elem inline"))');
  const violations = (await page.evaluate('window.cspViolations')) as string[];
  expect(violations).toHaveLength(1);
  expect(await page.evaluate('window.cspMarkerRan === true')).toBe(false);
  expect(consoleErrors.filter((text) => !/inline script/i.test(text))).toEqual([]);
}

async function visit(page: Page, path: string, ready: () => Promise<unknown>) {
  await navigateInApp(page, path);
  await ready();
}

describe('the built client runs under the Content-Security-Policy with no violation', () => {
  it('on the public screens and every main screen of a user, an image upload included', async () => {
    const user = newUser();
    const signup = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: user });
    // An upload goes with the saved signature.
    const signature = await graphql(
      product.baseUrl,
      'mutation ($input: SignatureInput!) { storeSignature(input: $input) { id } }',
      { input: { username: 'Ada', signature: ['Sky', 'Sea', 'Sand', 'Stone', 'Snow', 'Sun'] } },
      signup.body.access_token,
    );
    expect(signature.body.errors).toBeUndefined();
    const { page, consoleErrors } = await newPage();
    await page.goto(`${product.baseUrl}/Signup`);
    await page.getByRole('heading', { name: 'Sign Up' }).waitFor();
    await visit(page, '/login', () => page.getByRole('button', { name: 'Login' }).waitFor());
    await signInThroughForm(page, user);
    await page.waitForURL('**/types/dashboard');
    await page.getByRole('navigation', { name: 'Your lists' }).waitFor();

    await visit(page, '/', () => page.getByRole('button', { name: 'Types', exact: true }).waitFor());
    await page.getByRole('button', { name: 'Types', exact: true }).click();
    await page.getByRole('complementary', { name: 'Types sidebar' }).waitFor();
    await page.getByLabel('Search Types').fill('Nebula');
    await page.getByRole('button', { name: 'Add “Nebula”' }).click();
    await page.getByRole('button', { name: 'Nebula', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Pro', exact: true }).click();
    await page.getByRole('complementary', { name: 'Pro sidebar' }).waitFor();
    await visit(page, '/types/agent', () => page.getByRole('button', { name: /run/i }).first().waitFor());
    await visit(page, '/elements/ElementsListingBL', () =>
      page.getByRole('complementary', { name: 'Elements sidebar' }).waitFor(),
    );
    await visit(page, '/types/streamBM', () => page.getByRole('heading', { name: 'Stream' }).waitFor());
    const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#8b7cf6' } })
      .png()
      .toBuffer();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Your uploaded image' }).waitFor();
    await waitInPage(page, `document.querySelector('.upload-preview')?.complete === true`);
    await visit(page, '/pro/SignatureListingBR', () =>
      page.getByRole('complementary', { name: 'Signature sidebar' }).waitFor(),
    );

    await expectOnlyTheMarkerViolation(page, consoleErrors);
    await page.context().close();
  }, 90_000);

  it('on the admin console', async () => {
    const { page, consoleErrors } = await newPage();
    await page.goto(`${product.baseUrl}/login`);
    await signInThroughForm(page, ADMIN);
    await page.waitForURL('**/admin/UserManage');
    await page.getByRole('table').first().waitFor();
    for (const path of [
      '/admin/dashboard',
      '/admin/module',
      '/admin/mode',
      '/admin/modetype',
      '/admin/mode/tl',
    ]) {
      await visit(page, path, () => page.getByRole('heading', { level: 1 }).first().waitFor());
    }
    await page.getByRole('table').first().waitFor();
    await expectOnlyTheMarkerViolation(page, consoleErrors);
    await page.context().close();
  }, 90_000);
});
