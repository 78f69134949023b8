#!/usr/bin/env node
/**
 * Records how long each suite took, from jest's JSON results, into test/suite-times.json (merged with what it held),
 * which orders a fresh clone's suites slowest first (test/support/slowest-first-sequencer.cjs):
 *
 *   npx jest --selectProjects browser --json --outputFile=/tmp/browser.json
 *   node scripts/record-suite-times.mjs /tmp/browser.json
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const timesFile = path.join(root, 'test/suite-times.json');
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node scripts/record-suite-times.mjs <jest --json output>...');
  process.exit(2);
}

const times = existsSync(timesFile) ? JSON.parse(readFileSync(timesFile, 'utf8')) : {};
for (const file of files)
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).testResults)
    times[path.relative(root, suite.name)] = Math.round(suite.endTime - suite.startTime);

const sorted = Object.fromEntries(Object.entries(times).sort(([one], [other]) => one.localeCompare(other)));
writeFileSync(timesFile, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} suites' times in ${path.relative(root, timesFile)}`);
