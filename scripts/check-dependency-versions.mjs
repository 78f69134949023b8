#!/usr/bin/env node
/**
 * `npm run lint`'s check that every package of the repository names the same version range for the same dependency
 * (scripts/dependency-ranges.cjs). Exits 1, listing each dependency and the range each package names, when two differ.
 * Checks the repository it lives in, or the one whose root folder is given as its argument.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { describeDifferences, differingRanges, readManifests } = require('./dependency-ranges.cjs');

const root = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const differences = differingRanges(readManifests(root));

if (differences.length > 0) {
  console.error('Each dependency must have one version range in every package.json that names it:');
  for (const line of describeDifferences(differences)) console.error(`  ${line}`);
  process.exit(1);
}
