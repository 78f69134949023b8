import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { recordPagesOf } from './page-forensics';

/** The machine's Chromium (Debian's package); Playwright's own browser downloads are not available here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const WEB_DIST_DIR = path.resolve(__dirname, '../../web/dist');

/**
 * How long a browser action or wait may take before it fails with Playwright's call log. Playwright's own default
 * (30 s) was met by a sign-in on a 2-core machine running other work; a test still fails at its jest timeout.
 */
const BROWSER_WAIT_MS = 90_000;

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
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
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(BROWSER_WAIT_MS);
    recordPagesOf(context);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    page.context().setDefaultTimeout(BROWSER_WAIT_MS);
    return page;
  };
  return browser;
}
