const Sequencer = require('@jest/test-sequencer').default;
const path = require('node:path');
const { existsSync, readFileSync } = require('node:fs');

const ROOT = path.resolve(__dirname, '../..');
const TIMES_FILE = path.join(ROOT, 'test/suite-times.json');

/**
 * Jest's order (failed last time first, then the slowest first), with the times recorded in test/suite-times.json
 * for suites this machine has not timed yet: jest's own times live in its cache, which a fresh clone lacks, and it
 * then orders by file size, which started the two axe suites (three-line files, the tier's longest) last. A suite
 * timed nowhere counts as quick (jest would run it first).
 */
class SlowestFirstSequencer extends Sequencer {
  time(test) {
    return super.time(test) ?? recordedTimes()[path.relative(ROOT, test.path)] ?? 0;
  }
}

let times;
function recordedTimes() {
  times ??= existsSync(TIMES_FILE) ? JSON.parse(readFileSync(TIMES_FILE, 'utf8')) : {};
  return times;
}

module.exports = SlowestFirstSequencer;
