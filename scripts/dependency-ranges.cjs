/**
 * Whether every package of the repository names the same version range for the same dependency
 * (scripts/check-dependency-versions.mjs). Two ranges for one dependency claim two things about which versions the
 * code works with, and can make npm install two copies of it.
 *
 * Read: the root package.json and each workspace's, in `dependencies`, `devDependencies` and
 * `optionalDependencies`. Not `peerDependencies`: a peer range says what a package accepts, and is meant to be wide.
 */
const fs = require('node:fs');
const path = require('node:path');

const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies'];

/**
 * Each dependency named with more than one range, with the range each package names: `[{ dependency, ranges: {
 * where: range } }]`, sorted by dependency. `manifests` are `{ package, json }`, `package` being what the report
 * calls it (its folder); `where` is the package, followed by the section when it is not `dependencies`.
 */
function differingRanges(manifests) {
  const rangesByDependency = new Map();
  for (const manifest of manifests) {
    for (const section of SECTIONS) {
      for (const [dependency, range] of Object.entries(manifest.json[section] ?? {})) {
        if (!rangesByDependency.has(dependency)) rangesByDependency.set(dependency, {});
        const where = section === 'dependencies' ? manifest.package : `${manifest.package} ${section}`;
        rangesByDependency.get(dependency)[where] = range;
      }
    }
  }
  return [...rangesByDependency]
    .filter(([, ranges]) => new Set(Object.values(ranges)).size > 1)
    .map(([dependency, ranges]) => ({ dependency, ranges }))
    .sort((a, b) => a.dependency.localeCompare(b.dependency));
}

/** The root package.json and each workspace's, as `{ package, json }`: `root`, then each workspace's folder. */
function readManifests(root) {
  const read = (folder) => JSON.parse(fs.readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
  const rootJson = read('.');
  const workspaces = rootJson.workspaces ?? [];
  const patterns = workspaces.filter((folder) => folder.includes('*'));
  if (patterns.length > 0) {
    throw new Error(
      `Name each workspace's folder in package.json; patterns are not read: ${patterns.join(', ')}`,
    );
  }
  return [
    { package: 'root', json: rootJson },
    ...workspaces.map((folder) => ({ package: folder, json: read(folder) })),
  ];
}

/** The report's lines: one per dependency, with each package's range. */
function describeDifferences(differences) {
  return differences.map(
    ({ dependency, ranges }) =>
      `${dependency}: ${Object.entries(ranges)
        .map(([name, range]) => `${range} in ${name}`)
        .join(', ')}`,
  );
}

module.exports = { differingRanges, readManifests, describeDifferences };
