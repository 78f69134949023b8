import { readFile } from 'node:fs/promises';
import { type Page } from 'playwright-core';
import { seedSession, signedUpUser, useBrowserProduct } from '../support/browser-product';
import { requestJson } from '../support/http';
import { runSql } from '../support/sql';
import { waitInPage } from '../support/wait-in-page';
import { holdOperation } from './held-operation';

/** Issue #19: A shares a signature pack as a file and a link; B opens the link, imports, and imports the file. */

const SIX = ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'];
const CODE = 'CRPHO-Aur-Dus-Emb-Fro-Glo-Haz';
const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['360 px phone', { width: 360, height: 740 }],
] as const;

const product = useBrowserProduct();

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
  const context = await product.browser.newContext({ viewport, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.baseUrl });
  const page = await context.newPage();
  await seedSession(page, product.baseUrl, account);
  return page;
}

describe.each(VIEWPORTS)('signature packs (%s)', (_name, viewport) => {
  it('A exports a file and shares a link; B opens it and imports; A revokes; B imports the file', async () => {
    const aAccount = await owner();
    const aId = aAccount.id;
    const a = await signedInPage(aAccount, viewport);
    const bAccount = await signedUpUser(product.baseUrl);
    await storeElements(bAccount, ['Dusk']);
    const b = await signedInPage(bAccount, viewport);

    // A: from the signature's page to the packs, a file download and a share link; no link yet at first.
    await a.goto(`${product.baseUrl}/packs`);
    await a.getByText(CODE).first().waitFor();
    await a.getByText('No share links yet: create one to let someone import your pack.').waitFor();
    const download = a.getByRole('button', { name: 'Download pack file' });
    const exporting = await holdOperation(a, 'MySignaturePackFile');
    const downloaded = a.waitForEvent('download');
    await download.click();
    await exporting.sent;
    await a.getByRole('button', { name: 'Preparing…' }).waitFor();
    expect(await a.getByRole('button', { name: 'Preparing…' }).isDisabled()).toBe(true);
    exporting.release();
    expect((await downloaded).suggestedFilename()).toBe(`signature-pack-${CODE}.json`);
    const file = await (await downloaded).path();
    await a.getByRole('status').getByText(`Saved signature-pack-${CODE}.json.`).waitFor();

    const creating = await holdOperation(a, 'CreateSignaturePackLink');
    await a.getByRole('button', { name: 'Create share link' }).click();
    await creating.sent;
    expect(await a.getByRole('button', { name: 'Creating…' }).isDisabled()).toBe(true);
    creating.release();
    const linkInput = a.getByLabel('New link (shown once: copy it now)');
    await linkInput.waitFor();
    const url = await linkInput.inputValue();
    expect(url).toMatch(new RegExp(`^${product.baseUrl}/packs/[A-Za-z0-9_-]{43}$`));
    // The new link has the focus, selected, ready to copy; Copy link says it copied.
    await waitInPage(a, `document.activeElement?.id === 'pack-new-link'`);
    await a.getByRole('button', { name: 'Copy link' }).click();
    await a.getByRole('button', { name: 'Copied' }).waitFor();
    await a.getByRole('status').getByText('Link copied.').waitFor();
    expect(await a.evaluate('navigator.clipboard.readText()')).toBe(url);
    const links = a.getByRole('list', { name: 'Your share links' });
    await links.getByText('Active', { exact: true }).waitFor();

    // B: the link shows the pack, nothing of A; the import reports what it added and what B had.
    await b.goto(url);
    await b.getByRole('heading', { name: CODE }).waitFor();
    await b.getByText('Cold light').waitFor();
    expect(await b.locator('main').innerText()).not.toContain('Ada');
    const importing = await holdOperation(b, 'ImportSharedSignaturePack');
    await b.getByRole('button', { name: 'Import into my lists' }).click();
    await importing.sent;
    expect(await b.getByRole('button', { name: 'Importing…' }).isDisabled()).toBe(true);
    importing.release();
    await b.getByRole('status').getByText('Pack imported: 8 added, 1 skipped.').waitFor();
    await waitInPage(b, `document.activeElement?.classList.contains('pack-report-summary')`);
    const added = b.getByRole('list', { name: 'Added' });
    await added.getByText('Element Aurora', { exact: true }).waitFor();
    await added.getByText('Ribbon (sub-element of Aurora)', { exact: true }).waitFor();
    await b
      .getByRole('list', { name: 'Skipped' })
      .getByText('Element Dusk: Already in your lists.')
      .waitFor();

    await b.getByRole('link', { name: 'My Elements' }).click();
    for (const name of SIX) await b.locator('.sidebar .list-row', { hasText: name }).first().waitFor();

    // A revokes: asked first ('Keep it' changes nothing), the button says so while it works, then the row shows
    // revoked at once and keeps the focus.
    await links.getByRole('button', { name: 'Revoke', exact: true }).click();
    await links.getByRole('button', { name: 'Keep it' }).click();
    await links.getByText('Active', { exact: true }).waitFor();
    const revoking = await holdOperation(a, 'RevokeSignaturePackLink');
    await links.getByRole('button', { name: 'Revoke', exact: true }).click();
    const confirm = links.getByRole('group', { name: /^Revoke .+\?$/u });
    await waitInPage(a, `document.activeElement?.textContent === 'Yes, revoke'`);
    await confirm.getByRole('button', { name: 'Yes, revoke' }).click();
    await revoking.sent;
    expect(await links.getByRole('button', { name: 'Revoking…' }).isDisabled()).toBe(true);
    revoking.release();
    await links.getByText('Revoked', { exact: true }).waitFor();
    await a.getByRole('status').getByText('Link revoked: it no longer opens the pack.').waitFor();
    await waitInPage(a, `document.activeElement?.classList.contains('pack-link')`);
    expect(await links.getByRole('button', { name: /Revoke/u }).count()).toBe(0);
    await b.goto(url);
    await b.getByRole('alert').getByText('This pack link was revoked by its owner.').waitFor();
    await b.getByRole('link', { name: 'Go to your packs' }).waitFor();

    // A second link that has run out says so, to B and in A's list; an unknown link says it was not found.
    await a.getByRole('button', { name: 'Create share link' }).click();
    await links.getByText('Active', { exact: true }).waitFor();
    await waitInPage(a, `document.getElementById('pack-new-link')?.value !== ${JSON.stringify(url)}`);
    const second = await linkInput.inputValue();
    await runSql(
      product.databaseUrl,
      `update signature.pack_links set expires_at = now() - interval '1 minute'
       where user_id = $1 and revoked_at is null`,
      [aId],
    );
    await b.goto(second);
    await b
      .getByRole('alert')
      .getByText('This pack link has expired. Ask its owner for a new one.')
      .waitFor();
    await a.reload();
    await links.getByText('Expired', { exact: true }).waitFor();
    await b.goto(`${product.baseUrl}/packs/not-a-pack-token`);
    await b.getByRole('alert').getByText('This pack link was not found.').waitFor();

    // B has no saved signature: nothing to share, only the file import.
    await b.getByRole('link', { name: 'Go to your packs' }).click();
    await b.getByText('Save a signature first: a pack is made from your saved signature.').waitFor();
    expect(await b.getByRole('heading', { name: 'Share links' }).count()).toBe(0);

    // B imports A's file through the file input: everything is there already.
    const fileImport = await holdOperation(b, 'ImportSignaturePackFile');
    await b.locator('input[type="file"]').setInputFiles({
      name: `signature-pack-${CODE}.json`,
      mimeType: 'application/json',
      buffer: await readFile(file),
    });
    await fileImport.sent;
    await b.getByText('Importing…', { exact: true }).waitFor();
    await b.getByRole('status').getByText(`Importing signature-pack-${CODE}.json…`).waitFor();
    expect(await b.locator('input[type="file"]').isDisabled()).toBe(true);
    fileImport.release();
    await b.getByText('Pack imported: 0 added, 9 skipped.').waitFor();
    await b.getByText('Nothing new: your lists had everything already.').waitFor();
    await waitInPage(b, `document.activeElement?.classList.contains('pack-report-summary')`);

    // A file of another version is refused with its field's message, and says nothing was imported.
    await b.locator('input[type="file"]').setInputFiles({
      name: 'newer.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ format: 'promptloom.signature-pack', version: 2 })),
    });
    const refused = b.getByRole('alert');
    await refused
      .getByText('version: Pack version 2 is not supported: this Promptloom reads version 1.')
      .waitFor();
    await refused.getByText('newer.json was not imported; nothing in your lists changed.').waitFor();
    expect(await b.getByRole('region', { name: 'Import report' }).count()).toBe(0);
    expect(await b.evaluate('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(
      0,
    );
  }, 180_000);
});
