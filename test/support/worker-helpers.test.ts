/**
 * The test environment's two worker-wide helpers, through Node's own modules: the code cache jest's compiles get
 * (test/support/compile-cache.cjs) and the AsyncLocalStorages a file leaves behind (async-local-storage-of-file.cjs).
 */
import asyncHooks from 'node:async_hooks';
import vm from 'node:vm';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { installCompileCache } = require('./compile-cache.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { trackAsyncLocalStorage } = require('./async-local-storage-of-file.cjs');

/** A compiled module body, as jest compiles it: a function of `a` (with V8's cache flags). */
const compile = (code: string, filename: string) => {
  const compiled = vm.compileFunction(code, ['a'], { filename });
  return { run: (a: number) => compiled(a) as number, cachedDataRejected: compiled.cachedDataRejected };
};

describe('the code cache of a worker', () => {
  beforeAll(() => installCompileCache());

  it('gives a second compile of the same source the first one’s cache, and the function still works', () => {
    const source = 'return a * 2 + [1, 2, 3].map((n) => n * a).length;';
    const first = compile(source, '/cache-test/same.js');
    const second = compile(source, '/cache-test/same.js');
    expect(second.cachedDataRejected).toBe(false);
    expect(first.run(4)).toBe(11);
    expect(second.run(4)).toBe(11);
  });

  it('compiles a changed source under the same name afresh', () => {
    compile('return a + 1;', '/cache-test/changed.js');
    const changed = compile('return a + 2;', '/cache-test/changed.js');
    expect(changed.cachedDataRejected).toBeUndefined();
    expect(changed.run(1)).toBe(3);
  });
});

describe('the AsyncLocalStorages of a test file', () => {
  it('are disabled when the file ends, and the class is the one before it again', async () => {
    const before = asyncHooks.AsyncLocalStorage;
    const release = trackAsyncLocalStorage();
    const storage = new asyncHooks.AsyncLocalStorage<string>();
    const seen = await storage.run('inside', () => Promise.resolve().then(() => storage.getStore()));
    expect(seen).toBe('inside');
    storage.enterWith('entered');
    expect(storage.getStore()).toBe('entered');

    release();
    expect(storage.getStore()).toBeUndefined();
    expect(asyncHooks.AsyncLocalStorage).toBe(before);
  });
});
