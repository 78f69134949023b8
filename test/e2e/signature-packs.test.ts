import { type Browser, type Page } from 'playwright-core';
import { WEB_DIST_DIR, launchBrowser } from '../support/browser';
import { signInToWorkspace, signedUpUser } from '../support/browser-product';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { requestJson } from '../support/http';

/** Issue #19: A shares a signature pack as a file and a link; B opens the link, imports, and imports the file. */

const SIX = ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'];
const CODE = 'CRPHO-Aur-Dus-Emb-Fro-Glo-Haz';
const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['360 px phone', { width: 360, height: 740 }],
] as const;

let product: TestProduct;
let browser: Browser;
const pages: Page[] = [];

beforeAll(async () => {
  product = await startTestProduct({ webDistDir: WEB_DIST_DIR });
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.context().close()));
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

type Account = Awaited<ReturnType<typeof signedUpUser>>;

const api = (account: Account, method: string, path: string, body?: unknown) =>
  requestJson(product.baseUrl, method, path, { token: account.token, body });

const storeElements = (account: Account, names: string[]) =>
  api(account, 'POST', `/api/ai/response/bl/store/${account.id}`, {
    ai_model: 'gpt-4o',
    frequency: names.length,
    ai_response: names,
  });

/** A: type Photography, the six elements (Aurora with a reason and two sub-elements), the signature saved. */
async function owner(): Promise<Account> {
  const account = await signedUpUser(product.baseUrl);
  await api(account, 'POST', `/api/ai/response/tl/store/${account.id}`, {
    ai_model: 'gpt-4o',
    frequency: 1,
    ai_response: ['Photography'],
  });
  const elements = await storeElements(account, SIX);
  const aurora = elements.body.ai_response.find(
    (item: { ai_response: string }) => item.ai_response === 'Aurora',
  );
  await api(account, 'POST', `/api/ai/response/bl/updateReason/${aurora.id}`, { ai_reason: 'Cold light' });
  await api(account, 'POST', `/api/ai/response/bltypes/store/${aurora.id}`, {
    bl_name: 'Sky',
    name: ['Ribbon', 'Curtain'],
  });
  const saved = await api(account, 'POST', `/api/br/signature/store/${account.id}`, {
    user_id: account.id,
    username: 'Ada',
    signature: SIX,
    signatureElements: SIX,
    type: 'Photography',
  });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  return account;
}

async function signedInPage(account: Account, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  pages.push(page);
  await signInToWorkspace(page, product.baseUrl, account);
  return page;
}

describe.each(VIEWPORTS)('signature packs (%s)', (_name, viewport) => {
  it('A exports a file and shares a link; B opens it and imports; A revokes; B imports the file', async () => {
    const a = await signedInPage(await owner(), viewport);
    const bAccount = await signedUpUser(product.baseUrl);
    await storeElements(bAccount, ['Dusk']);
    const b = await signedInPage(bAccount, viewport);

    // A: from the signature's page to the packs, a file download and a share link.
    await a.goto(`${product.baseUrl}/packs`);
    await a.getByText(CODE).first().waitFor();
    const [download] = await Promise.all([
      a.waitForEvent('download'),
      a.getByRole('button', { name: 'Download pack file' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`signature-pack-${CODE}.json`);
    const file = await download.path();
    await a.getByRole('button', { name: 'Create share link' }).click();
    const linkInput = a.getByLabel('New link (shown once: copy it now)');
    await linkInput.waitFor();
    const url = await linkInput.inputValue();
    expect(url).toMatch(new RegExp(`^${product.baseUrl}/packs/[A-Za-z0-9_-]{43}$`));
    const links = a.getByRole('list', { name: 'Your share links' });
    await links.getByText('Active', { exact: true }).waitFor();

    // B: the link shows the pack, nothing of A; the import reports what it added and what B had.
    await b.goto(url);
    await b.getByRole('heading', { name: CODE }).waitFor();
    await b.getByText('Cold light').waitFor();
    expect(await b.locator('main').innerText()).not.toContain('Ada');
    await b.getByRole('button', { name: 'Import into my lists' }).click();
    await b.getByText('Pack imported: 8 added, 1 skipped.').waitFor();
    const added = b.getByRole('list', { name: 'Added' });
    await added.getByText('Element Aurora', { exact: true }).waitFor();
    await added.getByText('Ribbon (sub-element of Aurora)', { exact: true }).waitFor();
    await b
      .getByRole('list', { name: 'Skipped' })
      .getByText('Element Dusk: Already in your lists.')
      .waitFor();

    await b.getByRole('link', { name: 'My Elements' }).click();
    for (const name of SIX) await b.locator('.sidebar .list-row', { hasText: name }).first().waitFor();

    // A revokes; B's link now says so.
    await links.getByRole('button', { name: 'Revoke' }).click();
    await links.getByText('Revoked', { exact: true }).waitFor();
    await b.goto(url);
    await b.getByRole('alert').getByText('This pack link was revoked by its owner.').waitFor();

    // B imports A's file through the file input: everything is there already.
    await b.goto(`${product.baseUrl}/packs`);
    await b.locator('input[type="file"]').setInputFiles(file);
    await b.getByText('Pack imported: 0 added, 9 skipped.').waitFor();

    // A file of another version is refused with its field's message.
    await b.locator('input[type="file"]').setInputFiles({
      name: 'newer.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ format: 'promptloom.signature-pack', version: 2 })),
    });
    await b
      .getByRole('alert')
      .getByText('version: Pack version 2 is not supported: this Promptloom reads version 1.')
      .waitFor();
    expect(await b.evaluate('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(
      0,
    );
  }, 180_000);
});
