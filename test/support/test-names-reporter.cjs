const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

/**
 * A name's first line: a test named after an error (`it.each(errors)('… %s')`) carries its stack, whose paths
 * differ from one checkout to the next.
 */
const firstLineOf = (name) => name.split('\n')[0];

/**
 * A jest reporter that writes the name of every test it saw (run or skipped), one per line as
 * `<test file> › <full name>`, sorted, to the file TEST_NAMES_OUT names. `npm run test:names` uses it to compare
 * the suite's tests with test/test-names.txt.
 */
class TestNamesReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.names = [];
  }

  onTestResult(test, result) {
    const file = path.relative(this.rootDir, test.path);
    for (const assertion of result.testResults)
      this.names.push(`${file} › ${firstLineOf(assertion.fullName)}`);
    if (result.testExecError)
      this.names.push(`${file} › (could not load: ${result.testExecError.message.split('\n')[0]})`);
  }

  onRunComplete() {
    const out = process.env.TEST_NAMES_OUT;
    if (!out) return;
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, this.names.sort().join('\n') + '\n');
  }
}

module.exports = TestNamesReporter;
