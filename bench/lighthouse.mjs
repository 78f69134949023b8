// Lighthouse scores of the sign-in page (/pro) as the product serves it: the built web client (`npm run build`)
// behind the real gateway (production mode: compressed assets, cache headers), measured with Chromium
// (CHROME_PATH, /usr/bin/chromium by default), mobile (Lighthouse's default: a mid-range phone on slow 4G) and desktop.
//   npm run build && node bench/lighthouse.mjs   (env: RUNS 3, PAGE /pro)
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

const require = createRequire(import.meta.url);
const { startAdminService } = require('@promptloom/admin');
const { createGateway } = require('@promptloom/gateway');
const { InProcessBus, createLogger } = require('@promptloom/shared');
const { createTestDatabase, signedBuses } = require('@promptloom/shared/testing');

const RUNS = Number(process.env.RUNS ?? 3);
const PAGE = process.env.PAGE ?? '/pro';
const WEB_DIST = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../web/dist');
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

async function audit(url, port, config) {
  const { lhr } = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    config,
  );
  const row = { performance: lhr.categories.performance.score };
  for (const [id, name] of Object.entries(METRICS)) row[name] = lhr.audits[id].displayValue;
  const opportunities = Object.values(lhr.audits)
    .filter((item) => item.details?.type === 'opportunity' && (item.numericValue ?? 0) > 0)
    .map((item) => `${item.id} ${Math.round(item.numericValue)} ms`);
  return { row, opportunities };
}

async function main() {
  const logger = createLogger('bench', 'silent');
  const database = await createTestDatabase('pl_bench');
  const bus = new InProcessBus({ requestTimeoutMs: 10_000 });
  // Each part on its own signed view of the bus, as the embedded product composes them.
  const signed = signedBuses(bus, { logger });
  const admin = await startAdminService({ databaseUrl: database.url, bus: signed.admin, logger });
  const gateway = await createGateway({
    bus: signed.gateway,
    logger,
    jwtSecret: 'lighthouse-bench-secret-that-is-long-enough',
    sessionIdleMs: 3_600_000,
    maxBodyBytes: 1_048_576,
    webDistDir: WEB_DIST,
    production: true,
  });
  const url = `http://127.0.0.1:${await gateway.listen(0, '127.0.0.1')}${PAGE}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const rows = [];
    let lastOpportunities = {};
    for (let run = 1; run <= RUNS; run++) {
      for (const [formFactor, config] of [
        ['mobile', undefined],
        ['desktop', desktopConfig],
      ]) {
        const { row, opportunities } = await audit(url, chrome.port, config);
        rows.push({ run, formFactor, ...row });
        lastOpportunities[formFactor] = opportunities;
      }
    }
    console.log(
      `${url} (load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')})`,
    );
    console.table(rows);
    console.log('opportunities (last run):', lastOpportunities);
  } finally {
    await chrome.kill();
    await gateway.close();
    await admin.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
