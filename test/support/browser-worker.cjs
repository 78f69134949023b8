const path = require('node:path');
const { CHILD_MESSAGE_END } = require('jest-worker');

/**
 * What a jest worker keeps for the browser suites it runs: one Chromium, one product for the suites that need no
 * settings of their own, and the products suites started with their own settings. Jest loads the test environment
 * (and so this module) with Node's own `require`, once per worker process, so this state outlives a test file; the
 * environment hands this module to each test file as `promptloomBrowserWorker` (test/support/browser-product.ts).
 *
 * The products run here, in the worker's own realm, from the built code (apps/all-in-one/dist): a test file then
 * loads none of the product's modules.
 */

const ROOT = path.resolve(__dirname, '../..');
const WEB_DIST_DIR = path.join(ROOT, 'web/dist');
const BUILT_PRODUCT = path.join(ROOT, 'apps/all-in-one/dist/testing/browser-test-product.js');
const { chromiumPath } = require('./chromium-path.cjs');
/** Set by the browser tier's globalSetup (test/support/browser-tier-setup.cjs); its teardown drops what it names. */
const RUN_PREFIX_VARIABLE = 'PROMPTLOOM_BROWSER_RUN_PREFIX';

let browser;
let sharedProduct;
const products = new Set();

/**
 * Told by jest that no more test files come, the worker releases what it holds and ends by itself instead of being
 * killed after workerGracefulExitTimeout (Chromium ends with it either way: Playwright kills it when the process
 * exits). Listened for only once the worker holds something, and no longer after: a listener left would keep the
 * process's channel to its parent, and so the process, open.
 */
function onJestMessage(message) {
  if (Array.isArray(message) && message[0] === CHILD_MESSAGE_END) void closeAll();
}

function listenForTheEnd() {
  if (!process.listeners('message').includes(onJestMessage)) process.on('message', onJestMessage);
}

/** The worker's Chromium, launched on first use; a crashed one is launched again by the next suite that asks. */
function sharedBrowser() {
  if (browser) return browser;
  listenForTheEnd();
  const launching = launchChromium();
  const forget = () => {
    if (browser === launching) browser = undefined;
  };
  browser = launching;
  launching.then((launched) => launched.on('disconnected', forget), forget);
  return launching;
}

async function launchChromium() {
  const { chromium } = require('playwright-core');
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

function databasePrefix() {
  const prefix = process.env[RUN_PREFIX_VARIABLE];
  if (!prefix)
    throw new Error(
      `${RUN_PREFIX_VARIABLE} is not set: run the browser suites through jest's browser project`,
    );
  return prefix;
}

/** Starts a product of the given settings (plain data) from the built code, stopped by `stop()` or at the worker's end. */
async function startProduct(settings = {}) {
  listenForTheEnd();
  let built;
  try {
    built = require(BUILT_PRODUCT);
  } catch (error) {
    throw new Error(
      `The browser tests run the built product: run \`npm run build\` first (${error.message})`,
    );
  }
  const product = await built.startBrowserTestProduct({
    ...settings,
    webDistDir: WEB_DIST_DIR,
    databasePrefix: databasePrefix(),
  });
  products.add(product);
  return {
    ...product,
    async stop() {
      products.delete(product);
      await product.stop();
    },
  };
}

/** The product the suites without settings of their own share, started on first use and kept for the worker. */
function sharedProductOfWorker() {
  sharedProduct ??= startProduct().catch((error) => {
    sharedProduct = undefined;
    throw error;
  });
  return sharedProduct;
}

/** Closes the browser and stops every product (the worker ends, or jest ran the suites in its own process). */
async function closeAll() {
  process.removeListener('message', onJestMessage);
  const closing = browser;
  browser = undefined;
  sharedProduct = undefined;
  const stopping = [...products].map((product) => product.stop());
  products.clear();
  await Promise.allSettled([closing?.then((launched) => launched.close()), ...stopping]);
}

module.exports = {
  RUN_PREFIX_VARIABLE,
  sharedBrowser,
  sharedProduct: sharedProductOfWorker,
  startProduct,
  closeAll,
};
