// Takes the README's screenshots of the main screens from the real product (`npm run build` first):
//   node web/scripts/take-screenshots.mjs
// It starts the embedded product on a temporary data folder (offline AI provider) with one admin, fills it
// through the API and a browser, and writes docs/screenshots/*.png at 1280×800 and docs/screenshots/phone/*.png
// at 390×844. Needs Chromium at /usr/bin/chromium (or CHROMIUM_PATH).
//   node web/scripts/take-screenshots.mjs --only admin-ai-calls [more names]
// writes only the named ones (a screen added later, without taking the others again).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'docs/screenshots');
const admin = { email: 'admin@example.com', password: 'admin-password-1' };
const port = 4700 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? new Set(process.argv.slice(onlyAt + 1)) : null;
const dataDir = mkdtempSync(path.join(tmpdir(), 'promptloom-shots-'));
const product = spawn(process.execPath, [path.join(root, 'apps/all-in-one/dist/main.js')], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  },
  stdio: 'ignore',
});

async function until(check, what) {
  for (let i = 0; i < 120; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function api(token, query, variables = {}) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()).data;
}

async function addActive(token, family, text) {
  const added = await api(
    token,
    'mutation ($f: ListFamily!, $t: String!) { addCustomItem(family: $f, text: $t) { items { id aiResponse } } }',
    { f: family, t: text },
  );
  const item = added.addCustomItem.items.find((entry) => entry.aiResponse === text);
  await api(
    token,
    'mutation ($f: ListFamily!, $id: Int!) { setItemActive(family: $f, itemId: $id, active: true) { activeTypes } }',
    { f: family, id: item.id },
  );
  return item.id;
}

try {
  await until(async () => (await fetch(`${base}/readyz`)).ok, 'the product');
  const user = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    mobile: '+44 20 7946 0958',
    password: 'analytical-engine',
    password_confirmation: 'analytical-engine',
  };
  const { access_token: token } = await (
    await fetch(`${base}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    })
  ).json();
  await addActive(token, 'tl', 'Photography');
  const elementIds = [];
  for (const element of ['Light', 'Shadow', 'Texture', 'Colour', 'Motion', 'Depth'])
    elementIds.push(await addActive(token, 'bl', element));
  await addActive(token, 'tr', 'Architect');

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const desktop = { width: 1280, height: 800 };
  const phone = { width: 390, height: 844 };
  const page = await browser.newPage({ viewport: desktop });
  const shot = async (name, on = page) => {
    if (only && !only.has(name)) return;
    await on.waitForLoadState('networkidle');
    await on.screenshot({ path: path.join(out, `${name}.png`) });
  };
  const signIn = async (on, account, landing) => {
    await on.goto(`${base}/login`);
    await on.getByPlaceholder('USERNAME OR EMAIL').fill(account.email);
    await on.getByLabel('Password').fill(account.password);
    await on.getByRole('button', { name: 'Login' }).click();
    await on.waitForURL(landing);
  };
  await page.goto(`${base}/pro`);
  await shot('sign-in');
  await page.goto(`${base}/Signup`);
  await shot('sign-up');
  await signIn(page, user, '**/types/dashboard');
  await page.goto(`${base}/types/agent`);
  await page.getByLabel('Model').selectOption({ index: 1 });
  await page.getByPlaceholder('Enter frequency like 5 or 10').fill('8');
  await shot('types-agent');
  await page.getByRole('button', { name: 'Run' }).click();
  await page.waitForURL(/\/(types\/TypesListing)?$/);
  await page.goto(`${base}/types/TypesListing`);
  await page.getByRole('button', { name: 'Illustration', exact: true }).waitFor();
  await shot('home-types');
  await page.goto(`${base}/elements/${elementIds[0]}`);
  const boxes = page.getByRole('checkbox');
  await boxes.nth(5).waitFor();
  for (let index = 0; index < 6; index++) {
    await boxes.nth(index).click();
    await page.getByText(`${index + 1} chosen`).waitFor();
  }
  await shot('element-detail');
  await page.goto(`${base}/pro/SignatureListingBR`);
  await page.getByRole('link', { name: /^CRPHO-/ }).click();
  await page.getByRole('button', { name: 'Save as active signature' }).click();
  await page.getByRole('button', { name: 'Active signature', exact: true }).waitFor();
  await shot('signature-detail');
  await page.goto(`${base}/types/streamBM`);
  await page.getByLabel('8k').check();
  await shot('stream');
  // The checker (issue #18): a Midjourney parameter out of range, marked in the prompt, with its fix.
  const promptBox = page.locator('#stream-prompt');
  await promptBox.fill(`${await promptBox.inputValue()} --stylize 2000`);
  await page.getByRole('list', { name: 'Problems in the prompt' }).waitFor();
  await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
  await shot('stream-checker');
  await page.goto(`${base}/types/dashboard`);
  await shot('dashboard');

  // The same screens on a phone, now that the data exists, plus the open drawers.
  const small = await browser.newPage({ viewport: phone });
  const phoneShot = (name) => shot(`phone/${name}`, small);
  await small.goto(`${base}/pro`);
  await phoneShot('sign-in');
  await small.goto(`${base}/Signup`);
  await phoneShot('sign-up');
  await signIn(small, user, '**/types/dashboard');
  await phoneShot('dashboard');
  await small.goto(`${base}/types/TypesListing`);
  await small.getByRole('button', { name: 'Illustration', exact: true }).waitFor();
  await phoneShot('home-types');
  await small.getByRole('button', { name: 'Close Types sidebar' }).click();
  await phoneShot('home');
  await small.goto(`${base}/types/agent`);
  await phoneShot('types-agent');
  await small.goto(`${base}/elements/${elementIds[0]}`);
  await small.getByText('6 chosen').waitFor();
  await phoneShot('element-detail');
  await small.goto(`${base}/pro/SignatureListingoptRB/0`);
  await small.getByRole('heading', { name: /^CRPHO-/ }).waitFor();
  await phoneShot('signature-detail');
  await small.goto(`${base}/types/streamBM`);
  await small.getByLabel('8k').check();
  await phoneShot('stream');

  // The admin console, at both widths.
  for (const [viewport, prefix] of [
    [desktop, ''],
    [phone, 'phone/'],
  ]) {
    const console = await (await browser.newContext({ viewport })).newPage();
    await signIn(console, admin, '**/admin/UserManage');
    // A phone shows each row as a card, whose cells also read their column's name: found by their text.
    await console.locator('td', { hasText: user.email }).first().waitFor();
    await shot(`${prefix}admin-users`, console);
    await console.goto(`${base}/admin/mode/tl`);
    await console.locator('td', { hasText: 'Photography' }).first().waitFor();
    await shot(`${prefix}admin-records`, console);
    // AI Calls (issue #17): every provider call so far (the offline provider's report no tokens); on a phone the
    // filters are folded.
    await console.goto(`${base}/admin/ai-calls`);
    await console
      .getByRole('button', { name: /^Details of AI call / })
      .first()
      .waitFor();
    await shot(`${prefix}admin-ai-calls`, console);
    if (prefix) {
      await console.getByRole('button', { name: 'Open menu' }).click();
      await shot(`${prefix}admin-menu`, console);
    } else {
      await console.getByRole('button', { name: 'Collapse menu' }).click();
      await console.getByRole('link', { name: 'User Manage' }).hover();
      await shot('admin-menu-collapsed', console);
    }
  }
  await browser.close();
  console.log(`screenshots written to ${out}`);
} finally {
  product.kill('SIGTERM');
  await new Promise((resolve) => product.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
