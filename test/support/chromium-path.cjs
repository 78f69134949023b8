const { accessSync, constants } = require('node:fs');

/**
 * The Chromium the browser tier drives. Chromium's headless shell (Debian's `chromium-headless-shell`, what
 * Playwright itself runs for headless tests) costs about a quarter of the CPU of the full browser for a new browser
 * context with one page of the app: 0.23 CPU-s against 0.9 on this 2-core machine, and a browser test opens one or
 * two. The full browser is the fallback; CHROMIUM_PATH chooses.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const FULL_BROWSER = '/usr/bin/chromium';

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** CHROMIUM_PATH when set, else the headless shell when installed, else the full browser. */
const chromiumPath = () =>
  process.env.CHROMIUM_PATH || (executable(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);

module.exports = { chromiumPath, executable };
