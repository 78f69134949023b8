// Takes the README's screenshots of the main screens from the real product (`npm run build` first):
//   node web/scripts/take-screenshots.mjs
// It starts the embedded product on a temporary data folder (offline AI provider), fills it through the API
// and a browser, and writes docs/screenshots/*.png. Needs Chromium at /usr/bin/chromium (or CHROMIUM_PATH).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'docs/screenshots');
const port = 4700 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'promptloom-shots-'));
const product = spawn(process.execPath, [path.join(root, 'apps/all-in-one/dist/main.js')], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
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
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const shot = async (name) => {
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `${name}.png`) });
  };
  await page.goto(`${base}/pro`);
  await shot('sign-in');
  await page.goto(`${base}/Signup`);
  await shot('sign-up');
  await page.goto(`${base}/login`);
  await page.getByPlaceholder('USERNAME OR EMAIL').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/types/dashboard');
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
  await page.goto(`${base}/types/dashboard`);
  await shot('dashboard');
  await browser.close();
  console.log(`screenshots written to ${out}`);
} finally {
  product.kill('SIGTERM');
  await new Promise((resolve) => product.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
