const { randomBytes } = require('node:crypto');
const preflight = require('./preflight.cjs');
const { RUN_PREFIX_VARIABLE } = require('./browser-worker.cjs');

/**
 * Before the browser suites: the preflight, and the prefix of every database this run's products create, so the
 * teardown drops what a worker ended without dropping (and never another run's). Workers inherit the variable.
 */
module.exports = async function setUpBrowserTier() {
  await preflight();
  process.env[RUN_PREFIX_VARIABLE] = `pl_browser_${randomBytes(4).toString('hex')}`;
};
