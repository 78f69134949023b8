const http = require('node:http');
const { TestEnvironment } = require('jest-environment-node');
const { Agent, setGlobalDispatcher } = require('undici');
const browserWorker = require('./browser-worker.cjs');
const { trackAsyncLocalStorage } = require('./async-local-storage-of-file.cjs');
const { installCompileCache } = require('./compile-cache.cjs');

installCompileCache();

/**
 * Jest's node environment, with HTTP clients that open a connection per request. A test and the servers it starts
 * share one event loop: a kept-alive connection picked for a request just before a busy stretch (a loaded machine,
 * a 50 MB buffer) can meet the server's idle timer on the same loop, which closes it with the request unread, and the
 * request fails with ECONNRESET. With no idle connection to reuse there is no such race.
 *
 * Set here, in the worker's own realm: `fetch` (Node's undici) and `node:http` read their defaults from it, not from
 * the realm a test file runs in.
 */
setGlobalDispatcher(new Agent({ pipelining: 0 }));
http.globalAgent = new http.Agent({ keepAlive: false });

/**
 * When a test fails while it has browser pages open (test/support/page-forensics.ts), the failure's message ends
 * with what each page showed and was still waiting for, before the test's hooks close them.
 */
class PromptloomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // The worker's Chromium and products, kept from one test file to the next (test/support/browser-worker.cjs).
    this.global.promptloomBrowserWorker = browserWorker;
    // A tier whose files load the product themselves (jest.config.js: `releaseAsyncLocalStorage`).
    this.releaseAsyncLocalStorage = config.projectConfig.testEnvironmentOptions.releaseAsyncLocalStorage
      ? trackAsyncLocalStorage()
      : undefined;
  }

  async teardown() {
    this.releaseAsyncLocalStorage?.();
    await super.teardown();
  }

  async handleTestEvent(event) {
    if (event.name !== 'test_fn_failure' && event.name !== 'hook_failure') return;
    const describeOpenPages = this.global.describeOpenPagesOnFailure;
    if (typeof describeOpenPages !== 'function') return;
    const described = await describeOpenPages();
    if (!described) return;
    const pages = `\n\nOpen pages at the failure:\n${described}`;
    if (typeof event.error === 'object' && event.error !== null) {
      // Jest prints the stack (which starts with the message) when there is one, and the message otherwise.
      if (typeof event.error.stack === 'string') event.error.stack += pages;
      else event.error.message += pages;
      return;
    }
    // A test's timeout fails it with a string, already recorded as the test's last error: the longest waits are the
    // ones most in need of saying what the page showed.
    const recorded = event.test?.errors.at(-1);
    if (Array.isArray(recorded) && typeof recorded[0] === 'string') recorded[0] += pages;
  }
}

module.exports = PromptloomEnvironment;
