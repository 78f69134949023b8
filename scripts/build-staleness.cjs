/**
 * Whether `npm start` must build first (scripts/build-if-stale.mjs): only when a built output is missing or older
 * than a source file it comes from. `npm run build` itself always builds.
 *
 * Each group is one output the build writes on every run that has something to do, and the files it is made of:
 * - each TypeScript project (`tsc -b`) rewrites or touches its `dist/.tsbuildinfo` whenever one of its `.ts` files
 *   or its tsconfig changed, even when the output is the same; a project whose inputs did not change is left alone,
 *   so each project is compared with its own inputs (a change upstream makes the upstream project stale, and the
 *   build then rebuilds whatever depends on it);
 * - the web client (`vite build`) rewrites `web/dist` on every build; it bundles proto's rules from source.
 */
const fs = require('node:fs');
const path = require('node:path');

const TYPESCRIPT_PROJECTS = [
  'proto',
  'services/shared',
  'services/admin',
  'services/ai-worker',
  'services/signature-stream',
  'gateway',
  'apps/all-in-one',
];

/** Folders never read for inputs, wherever they are. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.data']);

/**
 * `inputs`: files or folders (every file below, or only those ending in one of `extensions`); `outputs`: files the
 * build writes. Paths are relative to the repository's root.
 */
const BUILD_GROUPS = [
  ...TYPESCRIPT_PROJECTS.map((project) => ({
    name: project,
    inputs: [`${project}/src`, `${project}/tsconfig.json`, 'tsconfig.base.json'],
    extensions: ['.ts', '.json'],
    outputs: [
      `${project}/dist/.tsbuildinfo`,
      ...(project === 'apps/all-in-one' ? ['apps/all-in-one/dist/main.js'] : []),
    ],
  })),
  {
    name: 'web',
    inputs: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/scripts/precompress.ts',
      'web/package.json',
      'proto/src',
      'proto/assets',
      'package-lock.json',
    ],
    outputs: ['web/dist/index.html'],
  },
];

/**
 * The rule, on what was found: `groups` is `[{ name, outputs: [{ path, mtimeMs }], newestInput }]`, with `mtimeMs`
 * null for an output that does not exist and `newestInput` `{ path, mtimeMs }` (null when the group has no input).
 * Answers `{ build, first, reason }`: `first` when no output exists at all (a fresh clone).
 */
function decideBuild(groups) {
  const outputs = groups.flatMap((group) => group.outputs);
  if (outputs.length === 0 || outputs.every((output) => output.mtimeMs === null))
    return { build: true, first: true, reason: 'nothing is built yet' };
  for (const group of groups) {
    const missing = group.outputs.find((output) => output.mtimeMs === null);
    if (missing) return { build: true, first: false, reason: `${missing.path} is missing` };
    const builtAt = Math.min(...group.outputs.map((output) => output.mtimeMs));
    if (group.newestInput && group.newestInput.mtimeMs > builtAt)
      return { build: true, first: false, reason: `${group.newestInput.path} changed after the last build` };
  }
  return { build: false, first: false, reason: 'every built output is newer than its source files' };
}

const mtimeOf = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
};

/** The most recently modified file among `inputs` (files or folders, walked), relative to `root`. */
function newestFile(root, inputs, extensions) {
  let newest = null;
  const consider = (relative, mtimeMs) => {
    if (extensions && !extensions.some((extension) => relative.endsWith(extension))) return;
    if (!newest || mtimeMs > newest.mtimeMs) newest = { path: relative, mtimeMs };
  };
  const walk = (relative) => {
    let stat;
    try {
      stat = fs.statSync(path.join(root, relative));
    } catch {
      return;
    }
    if (!stat.isDirectory()) return consider(relative, stat.mtimeMs);
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (entry.isDirectory() && SKIPPED_FOLDERS.has(entry.name)) continue;
      walk(path.posix.join(relative, entry.name));
    }
  };
  for (const input of inputs) walk(input);
  return newest;
}

/** What the file system holds for each group: its outputs' times and its newest input. */
function inspectBuild(root, groups = BUILD_GROUPS) {
  return groups.map((group) => ({
    name: group.name,
    outputs: group.outputs.map((output) => ({ path: output, mtimeMs: mtimeOf(path.join(root, output)) })),
    newestInput: newestFile(root, group.inputs, group.extensions),
  }));
}

/** `decideBuild` on the files under `root`. */
function checkBuild(root, groups = BUILD_GROUPS) {
  return decideBuild(inspectBuild(root, groups));
}

module.exports = { BUILD_GROUPS, decideBuild, inspectBuild, checkBuild, newestFile };
