import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** The machine's Chromium (Debian's package); Playwright's own browser downloads are not available here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const WEB_DIST_DIR = path.resolve(__dirname, '../../web/dist');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
}
