// The web client with a list of 1,000 items: time to show it, to filter it while typing, and frame times while
// scrolling, in the machine's Chromium against the real product (`npm run build` first):
//   node bench/web-list-1000.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ITEMS = 1000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 4900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'promptloom-bench-web-'));
const product = spawn(process.execPath, [path.join(root, 'apps/all-in-one/dist/main.js')], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 240) throw new Error('the product did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const user = {
    first_name: 'Bench',
    last_name: 'Mark',
    email: 'bench@example.com',
    mobile: '+1 555 0100',
    password: 'bench-password',
    password_confirmation: 'bench-password',
  };
  const signup = await (
    await fetch(`${base}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    })
  ).json();
  // Letters only: item names are compared without digits or punctuation (SPEC §5 cleaning).
  const letters = (n) =>
    [n % 26, Math.floor(n / 26) % 26, Math.floor(n / 676) % 26]
      .map((d) => String.fromCharCode(97 + d))
      .join('');
  const words = Array.from({ length: ITEMS }, (_, i) => `Item${letters(i)}`);
  // A store takes at most 100 items (the API's limit), so the list is stored in batches.
  for (let from = 0; from < ITEMS; from += 100) {
    const stored = await fetch(`${base}/api/ai/response/tl/store/${signup.user.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${signup.access_token}` },
      body: JSON.stringify({
        levels: 0,
        ai_model: 'gpt-4o',
        frequency: 100,
        ai_response: words.slice(from, from + 100),
      }),
    });
    if (!stored.ok) throw new Error(`storing items failed: ${stored.status} ${await stored.text()}`);
  }

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
  await page.goto(`${base}/login`);
  await page.getByPlaceholder('USERNAME OR EMAIL').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/types/dashboard');

  const started = Date.now();
  await page.goto(`${base}/types/TypesListing`);
  await page.waitForFunction(
    `document.querySelectorAll('.list-row').length === 100 && document.querySelector('.add-button')?.textContent.includes('of ${ITEMS - 100}')`,
    undefined,
    {
      timeout: 60_000,
    },
  );
  const showMs = Date.now() - started;

  // Filtering: each keystroke, time until the list shows the new match count.
  const search = page.getByLabel('Search Types');
  const filterTimes = [];
  for (const text of ['I', 'It', 'Ite', 'Itemb', 'Itembc', 'Itembca']) {
    const t0 = Date.now();
    await search.fill(text);
    await page.waitForFunction(
      `[...document.querySelectorAll('.list-row-text')].every((row) => row.textContent.toLowerCase().includes(${JSON.stringify(text.toLowerCase())}))`,
    );
    filterTimes.push(Date.now() - t0);
  }
  await search.fill('');
  await page.waitForFunction(
    `document.querySelectorAll('.list-row').length === 100 && document.querySelector('.add-button')?.textContent.includes('of ${ITEMS - 100}')`,
  );

  // Scrolling: frame-to-frame times while the sidebar scrolls from top to bottom.
  // Show every row before scrolling, to scroll through all 1,000.
  while (await page.getByRole('button', { name: /^Show \d+ more/ }).count()) {
    await page.getByRole('button', { name: /^Show \d+ more/ }).click();
  }
  const frames = await page.evaluate(`new Promise((resolve) => {
    const sidebar = document.querySelector('.sidebar');
    const times = [];
    let last = performance.now();
    const step = () => {
      const now = performance.now();
      times.push(now - last);
      last = now;
      sidebar.scrollTop += 200;
      if (sidebar.scrollTop + sidebar.clientHeight >= sidebar.scrollHeight - 1 || times.length > 600) resolve(times.slice(1));
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  })`);
  await browser.close();

  console.log(`items: ${ITEMS}`);
  console.log(`time to show the list: ${showMs} ms`);
  console.log(
    `filter per keystroke: p50 ${percentile(filterTimes, 0.5)} ms, max ${Math.max(...filterTimes)} ms`,
  );
  console.log(
    `scroll frames: ${frames.length}, p50 ${percentile(frames, 0.5).toFixed(1)} ms, p99 ${percentile(frames, 0.99).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms`,
  );
} finally {
  product.kill('SIGTERM');
  await new Promise((resolve) => product.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
