#!/usr/bin/env node
/**
 * Compares the tests of the suite with test/test-names.txt: prints both counts and every test that disappeared, and
 * exits 1 when one did. `--update` writes the current list as the new reference.
 *
 * The current list is what `npm test` recorded while it ran (`--from <file>…`, written by
 * test/support/test-names-reporter.cjs), or else a listing made here without running a test: jest loads each file
 * and a name pattern that matches nothing skips every test and its hooks (a few minutes: every file is loaded).
 *
 * A test is known by its full name (describe blocks and title); moving it to another file is not a loss.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reference = path.join(root, 'test/test-names.txt');
const current = path.join(root, 'test-results/test-names.txt');

const fromIndex = process.argv.indexOf('--from');
const recorded =
  fromIndex === -1 ? [] : process.argv.slice(fromIndex + 1).filter((file) => !file.startsWith('--'));

const listed =
  recorded.length > 0
    ? { status: 0 }
    : spawnSync(
        process.execPath,
        [
          path.join(root, 'node_modules/jest/bin/jest.js'),
          '--testNamePattern=^(?!)',
          '--reporters=<rootDir>/test/support/test-names-reporter.cjs',
          '--silent',
        ],
        {
          cwd: root,
          stdio: ['ignore', 'inherit', 'inherit'],
          env: { ...process.env, TEST_NAMES_OUT: current },
        },
      );
if (listed.status !== 0 && !existsSync(current)) process.exit(listed.status ?? 1);

const linesOf = (file) => readFileSync(file, 'utf8').split('\n').filter(Boolean);
const nameOf = (line) => line.slice(line.indexOf(' › ') + 3);
const now = recorded.length > 0 ? recorded.flatMap(linesOf).sort() : linesOf(current);

if (process.argv.includes('--update') || !existsSync(reference)) {
  writeFileSync(reference, now.join('\n') + '\n');
  console.log(`test/test-names.txt now lists ${now.length} tests.`);
  process.exit(0);
}

const before = linesOf(reference);
const remaining = new Map();
for (const line of now) remaining.set(nameOf(line), (remaining.get(nameOf(line)) ?? 0) + 1);
const disappeared = [];
for (const line of before) {
  const left = remaining.get(nameOf(line)) ?? 0;
  if (left > 0) remaining.set(nameOf(line), left - 1);
  else disappeared.push(line);
}
const unloadable = now.filter((line) => nameOf(line).startsWith('(could not load:'));

console.log(`Tests before: ${before.length} (test/test-names.txt)`);
console.log(`Tests now:    ${now.length}`);
for (const line of disappeared) console.log(`  disappeared: ${line}`);
for (const line of unloadable) console.log(`  ${line}`);
if (disappeared.length > 0 || unloadable.length > 0) process.exit(1);
console.log('No test disappeared.');
