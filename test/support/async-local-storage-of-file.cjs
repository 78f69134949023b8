const asyncHooks = require('node:async_hooks');

/**
 * Node keeps every enabled AsyncLocalStorage in one list for the whole process, and runs each one's propagation for
 * every promise and callback created anywhere. Jest loads a test file's modules afresh, so each file that loads the
 * product adds its own storages (MikroORM's, the logger's, the idempotency context …) and none is ever disabled:
 * after forty files a worker ran every promise through some 250 of them (22 of the service tier's 385 busy CPU-s went
 * to `_propagate`), and they held on to the old files' request contexts.
 *
 * `trackAsyncLocalStorage()` makes the storages the file's modules create while it runs known, and the returned
 * `release()` disables them once the file has ended (its modules are gone; no later file can reach them). Only for
 * tiers whose test files load the product themselves: the browser tier's products live for the whole worker.
 */
const OriginalAsyncLocalStorage = asyncHooks.AsyncLocalStorage;

function trackAsyncLocalStorage() {
  const created = new Set();
  class FileAsyncLocalStorage extends OriginalAsyncLocalStorage {
    constructor(...args) {
      super(...args);
      created.add(this);
    }
  }
  asyncHooks.AsyncLocalStorage = FileAsyncLocalStorage;
  return function release() {
    if (asyncHooks.AsyncLocalStorage === FileAsyncLocalStorage)
      asyncHooks.AsyncLocalStorage = OriginalAsyncLocalStorage;
    for (const storage of created) storage.disable();
    created.clear();
  };
}

module.exports = { trackAsyncLocalStorage };
