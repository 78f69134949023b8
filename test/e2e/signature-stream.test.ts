import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { waitInPage } from '../support/wait-in-page';
import { type Page } from 'playwright-core';
import { graphql, newUser, requestJson } from '../support/http';
import { seedSession, useBrowserProduct } from '../support/browser-product';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/fake-openai-server';
import { visit, type RouteCheck } from './responsive-support';

let provider: FakeOpenAiServer;

const ELEMENTS = ['Light', 'Shadow', 'Texture', 'Colour', 'Motion', 'Depth'];

/** Adds an item to a list and activates it, through the API the client uses. */
async function addActive(token: string, family: string, text: string) {
  const added = await graphql(
    product.baseUrl,
    'mutation ($family: ListFamily!, $text: String!) { addCustomItem(family: $family, text: $text) { items { id aiResponse } } }',
    { family, text },
    token,
  );
  expect(added.body.errors).toBeUndefined();
  const item = added.body.data.addCustomItem.items.find(
    (entry: { aiResponse: string }) => entry.aiResponse === text,
  );
  await graphql(
    product.baseUrl,
    'mutation ($family: ListFamily!, $id: Int!) { setItemActive(family: $family, itemId: $id, active: true) { activeTypes } }',
    { family, id: item.id },
    token,
  );
}

interface Workspace {
  page: Page;
  token: string;
  user: ReturnType<typeof newUser>;
}

/**
 * A new user with an active type (Photography), six active elements and an active pro item (Architect), signed in
 * on a page of their own (a browser context of its own, closed after the test).
 */
async function signedInWorkspace(): Promise<Workspace> {
  const user = newUser();
  const signup = await requestJson(product.baseUrl, 'POST', '/api/signup', { body: user });
  const token: string = signup.body.access_token;
  await addActive(token, 'tl', 'Photography');
  for (const element of ELEMENTS) await addActive(token, 'bl', element);
  await addActive(token, 'tr', 'Architect');

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.baseUrl });
  const page = await context.newPage();
  await seedSession(page, product.baseUrl, { token });
  return { page, token, user };
}

/** Saves the six elements as the user's active signature, through the API the client uses. */
async function saveSignature({ token, user }: Workspace) {
  const saved = await graphql(
    product.baseUrl,
    'mutation ($input: SignatureInput!) { storeSignature(input: $input, replace: true) { id } }',
    { input: { username: user.first_name, signature: ELEMENTS, signatureElements: ELEMENTS } },
    token,
  );
  expect(saved.body.errors).toBeUndefined();
}

const storedUrl = (page: Page, url: string) => waitInPage(page, `localStorage.getItem('url') === '${url}'`);

beforeAll(async () => {
  provider = await startFakeOpenAiServer();
});
afterAll(() => provider?.close());
// A product of its own: its AI calls go to this file's fake provider.
const product = useBrowserProduct(() => ({ openAiBaseUrl: provider.baseUrl }));
const { browser } = product;

describe('signature and stream in a real browser', () => {
  it('saves a signature from its code, and the 00 button then opens the Stream page', async () => {
    const { page } = await signedInWorkspace();
    await page.goto(`${product.baseUrl}/pro/SignatureListingBR`);
    const code = page.getByRole('link', { name: /^CRPHO-/ });
    await code.click();
    await page.getByRole('button', { name: 'Save as active signature' }).click();
    await page.getByRole('button', { name: 'Active signature', exact: true }).waitFor();

    // The page remembers where it is (localStorage 'url'), written by an effect once the route has rendered.
    await page.goto(`${product.baseUrl}/`);
    await storedUrl(page, '/');
    await page.getByRole('button', { name: 'Open Signatures' }).click();
    await page.waitForURL('**/pro/SignatureListingBR');
    await storedUrl(page, '/pro/SignatureListingBR');

    await page.goto(`${product.baseUrl}/`);
    const stream = page.getByRole('button', { name: '00' });
    await waitInPage(page, `document.querySelector('.stream-button')?.disabled === false`);
    await stream.click();
    await page.waitForURL('**/types/streamBM');
  });

  it('rebuilds the prompt when 8k is toggled, copies it, and refines it through the AI', async () => {
    const workspace = await signedInWorkspace();
    const { page } = workspace;
    await saveSignature(workspace);
    await page.goto(`${product.baseUrl}/types/streamBM`);
    const box = page.getByLabel('Prompt', { exact: true });
    await waitInPage(page, `document.querySelector('.prompt-box')?.value.includes('Light')`);
    expect(await box.inputValue()).toMatch(/--ar 16:9 --v 6 --q 2$/);
    expect(await box.inputValue()).not.toContain('8k');
    await page.getByLabel('8k').check();
    await waitInPage(page, `document.querySelector('.prompt-box')?.value.includes('8k')`);

    await page.getByRole('button', { name: 'Copy Prompt' }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(await box.inputValue());
    await page.getByRole('button', { name: 'Copy Prompt' }).waitFor({ timeout: 4000 });

    provider.reply({ content: 'A cinematic architectural photograph in soft light' });
    await page.getByRole('button', { name: 'Refine' }).click();
    await waitInPage(page, `document.querySelector('.prompt-box')?.value.startsWith('A cinematic')`);
    expect(await box.inputValue()).toMatch(/--ar 16:9 --v 6 --q 2$/);
  });

  it('uploads an image and shows it, and refuses a file that is not an image', async () => {
    const workspace = await signedInWorkspace();
    const { page } = workspace;
    await saveSignature(workspace);
    await page.goto(`${product.baseUrl}/types/streamBM`);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8b7cf6' } })
      .png()
      .toBuffer();
    const input = page.locator('input[type=file]');
    await input.setInputFiles({ name: 'picture.png', mimeType: 'image/png', buffer: png });
    // The page answers with the image or with an alert; waiting for either says which when it is the alert.
    const uploaded = page.getByRole('img', { name: 'Your uploaded image' });
    await uploaded.or(page.getByRole('alert')).first().waitFor();
    expect(await page.getByRole('alert').allTextContents()).toEqual([]);
    await uploaded.waitFor();
    await page.getByText('1 uploaded').waitFor();

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Only images can be uploaded.').waitFor();
  });

  it('has no serious or critical accessibility violations on any workspace screen', async () => {
    const workspace = await signedInWorkspace();
    const { page } = workspace;
    await saveSignature(workspace);
    // Every workspace screen is checked at a phone's and a desktop's size by responsive-accessibility-*.test.ts,
    // for a user with no saved signature; these are the screens a saved signature changes.
    const screens: RouteCheck[] = [
      { path: '/', ready: '.slider-card' },
      { path: '/types/dashboard', ready: '.card-grid .card' },
      { path: '/pro/SignatureListingBR', ready: '.sidebar a[href*="SignatureListingoptRB"]' },
      { path: '/types/streamBM', ready: '#stream-prompt' },
      { path: '/pro/SignatureListingoptRB/0', ready: 'main h1' },
    ];
    const found: string[] = [];
    for (const screen of screens) {
      await visit(page, product.baseUrl, screen);
      const results = await new AxeBuilder({ page }).analyze();
      for (const violation of results.violations) {
        if (violation.impact === 'serious' || violation.impact === 'critical')
          found.push(`${screen.path}: ${violation.id}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('shows real counts on the dashboard and toggles a type from its detail page', async () => {
    const { page } = await signedInWorkspace();
    await page.goto(`${product.baseUrl}/types/dashboard`);
    await page.getByRole('link', { name: /Elements\s*6\s*6 active/ }).waitFor();
    await page.goto(`${product.baseUrl}/types/TypesListing`);
    await page.getByRole('link', { name: 'Open Photography' }).click();
    await page.getByRole('heading', { name: 'Photography' }).waitFor();
    await page.getByRole('button', { name: 'Active' }).click();
    await page.getByRole('button', { name: 'Activate' }).waitFor();
    await page.getByRole('link', { name: 'Back to Types' }).click();
    await page.waitForURL('**/types/TypesListing');
  });
});
