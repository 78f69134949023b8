#!/usr/bin/env node
/**
 * `npm test`: every tier of jest.config.js, cheapest first, each tier's time printed; stops at the first tier that
 * fails, so a broken rule is known before any browser starts. The unit and web tiers need no build; the build
 * (the browser tier serves web/dist and runs the built product) comes after them.
 *
 * At the end the names of the tests that ran are compared with test/test-names.txt: a test that disappeared fails
 * the run (scripts/compare-test-names.mjs).
 *
 * Arguments are handed to jest as they are, over all tiers at once: `npm test -- test/edges` runs what matches.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jest = path.join(root, 'node_modules/jest/bin/jest.js');
const extraArguments = process.argv.slice(2);

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (extraArguments.length > 0) {
  if (run('npm', ['run', 'build', '--silent']) !== 0) process.exit(1);
  process.exit(run(process.execPath, [jest, ...extraArguments]));
}

/**
 * A jest worker allocates a whole product's modules for every test file: a young generation of 64 MB instead of
 * V8's 16 collects less often (5–8 % less CPU in a sample of the service tier). The processes a test starts get an
 * environment of their own and run as shipped.
 */
const JEST_NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --max-semi-space-size=64`.trim();

/** Each tier also records the names of its tests, compared with test/test-names.txt at the end. */
const namesOf = (tier) => path.join(root, `test-results/test-names-${tier}.txt`);
const tier = (name, ...projects) => ({
  name: `${name} tier${projects.length > 1 ? 's' : ''}`,
  command: process.execPath,
  args: [
    jest,
    '--reporters=default',
    '--reporters=<rootDir>/test/support/test-names-reporter.cjs',
    '--selectProjects',
    ...projects,
  ],
  env: { TEST_NAMES_OUT: namesOf(projects.join('-')), NODE_OPTIONS: JEST_NODE_OPTIONS },
  names: namesOf(projects.join('-')),
});
const tiers = [
  tier('unit and web', 'unit', 'web'),
  tier('service', 'service'),
  tier('process', 'process'),
  tier('browser', 'browser'),
];

const steps = [
  tiers[0],
  { name: 'build', command: 'npm', args: ['run', 'build', '--silent'] },
  ...tiers.slice(1),
  {
    name: 'test names',
    command: process.execPath,
    args: [path.join(root, 'scripts/compare-test-names.mjs'), '--from', ...tiers.map((each) => each.names)],
  },
];

const times = [];
const report = () => {
  console.log('\nTimes:');
  for (const { name, seconds, passed } of times)
    console.log(`  ${name.padEnd(20)} ${String(seconds).padStart(5)} s${passed ? '' : '  (failed)'}`);
};

for (const step of steps) {
  console.log(`\n=== ${step.name}`);
  const started = Date.now();
  const status = run(step.command, step.args, step.env);
  times.push({ name: step.name, seconds: Math.round((Date.now() - started) / 1000), passed: status === 0 });
  if (status !== 0) {
    report();
    console.error(`\n${step.name} failed: the later steps did not run.`);
    process.exit(status);
  }
}
report();
