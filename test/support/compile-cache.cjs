const vm = require('node:vm');

/**
 * Jest compiles every module again for every test file (each file has a registry of its own), and a service suite
 * loads the whole product: 50 of the service tier's 385 busy CPU-s went to V8 compiling the same sources over and over. Jest
 * compiles through `vm.compileFunction`, read from `node:vm` at each call; this keeps V8's code cache of each source
 * the first time a worker compiles it, and hands it to the next compile of the same source (same file name and
 * text) in that worker. V8 checks the cache itself and compiles afresh when it does not fit.
 *
 * Installed once per worker process (test/support/test-environment.cjs is loaded with Node's own `require`).
 */
const compileFunction = vm.compileFunction;
/** File name → the source compiled and its code cache (a source that changed under the same name compiles afresh). */
const codeCache = new Map();

function compileFunctionWithCodeCache(code, params, options = {}) {
  if (typeof options.filename !== 'string') return compileFunction.call(this, code, params, options);
  const cached = codeCache.get(options.filename);
  const cachedData = cached?.code === code ? cached.cachedData : undefined;
  const compiled = compileFunction.call(
    this,
    code,
    params,
    cachedData ? { ...options, cachedData } : { ...options, produceCachedData: true },
  );
  if (cachedData && compiled.cachedDataRejected) codeCache.delete(options.filename);
  else if (!cachedData && compiled.cachedData)
    codeCache.set(options.filename, { code, cachedData: compiled.cachedData });
  return compiled;
}

function installCompileCache() {
  if (vm.compileFunction !== compileFunction) return;
  vm.compileFunction = compileFunctionWithCodeCache;
}

module.exports = { installCompileCache };
