#!/usr/bin/env node
/**
 * `npm start`'s prestart: builds the product (`npm run build`) only when a built output is missing or older than a
 * source file it comes from (scripts/build-staleness.cjs), so a second start on an unchanged tree is up in seconds.
 * `npm run build` itself always builds.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { checkBuild } = require('./build-staleness.cjs');

/** A full build on a fresh clone, measured on a 2-core machine shared with other work: 63–95 s. */
const FIRST_BUILD = 'about 1 to 2 minutes on a 2-core machine';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const decision = checkBuild(root);

if (!decision.build) {
  console.log(`Build is up to date (${decision.reason}): starting without building.`);
  process.exit(0);
}
console.log(
  decision.first
    ? `First start: building the whole product before it runs (${FIRST_BUILD}). Later starts skip the build ` +
        'while no source file changed.'
    : `Building before the start: ${decision.reason}.`,
);
const started = Date.now();
// Through the npm that runs this script when there is one (npm_execpath), so it works wherever `npm start` does.
const npm = process.env.npm_execpath
  ? { command: process.execPath, args: [process.env.npm_execpath] }
  : { command: process.platform === 'win32' ? 'npm.cmd' : 'npm', args: [] };
const result = spawnSync(npm.command, [...npm.args, 'run', 'build'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
