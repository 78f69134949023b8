import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_GROUPS, checkBuild, decideBuild } from './build-staleness.cjs';

const root = path.resolve(__dirname, '..');

const output = (file: string, mtimeMs: number | null) => ({ path: file, mtimeMs });
const group = (name: string, outputs: ReturnType<typeof output>[], newestInput: number | null) => ({
  name,
  outputs,
  newestInput: newestInput === null ? null : { path: `${name}/src/index.ts`, mtimeMs: newestInput },
});

describe('decideBuild: npm start builds only when a built output is missing or older than its sources', () => {
  it('builds on a fresh clone, saying it is the first build', () => {
    expect(decideBuild([group('proto', [output('proto/dist/.tsbuildinfo', null)], 1_000)])).toMatchObject({
      build: true,
      first: true,
    });
  });

  it('skips the build when every output is newer than every source file it comes from', () => {
    const groups = [
      group('proto', [output('proto/dist/.tsbuildinfo', 2_000)], 1_000),
      group('web', [output('web/dist/index.html', 3_000)], 2_500),
    ];
    expect(decideBuild(groups)).toMatchObject({ build: false, first: false });
  });

  it('builds when a source file changed after its output was written, naming the file', () => {
    const groups = [
      group('proto', [output('proto/dist/.tsbuildinfo', 2_000)], 1_000),
      group('gateway', [output('gateway/dist/.tsbuildinfo', 2_000)], 2_001),
    ];
    expect(decideBuild(groups)).toEqual({
      build: true,
      first: false,
      reason: 'gateway/src/index.ts changed after the last build',
    });
  });

  it('builds when one output is missing, though the others are fresh', () => {
    const groups = [
      group(
        'apps/all-in-one',
        [output('apps/all-in-one/dist/.tsbuildinfo', 2_000), output('apps/all-in-one/dist/main.js', null)],
        1_000,
      ),
    ];
    expect(decideBuild(groups)).toEqual({
      build: true,
      first: false,
      reason: 'apps/all-in-one/dist/main.js is missing',
    });
  });

  it('compares each output with its own sources: a project built after another one changed is fresh', () => {
    // proto changed at 1,500 and was rebuilt at 2,000; web was built at 1,200 from sources of 1,000.
    const groups = [
      group('proto', [output('proto/dist/.tsbuildinfo', 2_000)], 1_500),
      group('web', [output('web/dist/index.html', 1_200)], 1_000),
    ];
    expect(decideBuild(groups).build).toBe(false);
  });

  it('takes the oldest of a group’s outputs as its build time', () => {
    const groups = [
      group(
        'apps/all-in-one',
        [output('apps/all-in-one/dist/.tsbuildinfo', 3_000), output('apps/all-in-one/dist/main.js', 1_000)],
        2_000,
      ),
    ];
    expect(decideBuild(groups).build).toBe(true);
  });
});

describe('checkBuild on the file system', () => {
  let dir = '';
  const write = (file: string, seconds: number) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), file);
    fs.utimesSync(path.join(dir, file), seconds, seconds);
  };
  const groups = [
    {
      name: 'lib',
      inputs: ['lib/src', 'lib/tsconfig.json'],
      extensions: ['.ts', '.json'],
      outputs: ['lib/dist/.tsbuildinfo'],
    },
  ];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-staleness-'));
    write('lib/src/rules/a.ts', 1_000);
    write('lib/tsconfig.json', 1_000);
    write('lib/dist/.tsbuildinfo', 2_000);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is fresh when the output is newer than every input, and stale once a file deep in src changes', () => {
    expect(checkBuild(dir, groups).build).toBe(false);
    write('lib/src/rules/a.ts', 3_000);
    expect(checkBuild(dir, groups)).toMatchObject({
      build: true,
      reason: 'lib/src/rules/a.ts changed after the last build',
    });
  });

  it('ignores files the group is not made of: other extensions, node_modules, dist', () => {
    write('lib/src/notes.md', 3_000);
    write('lib/src/node_modules/x/index.ts', 3_000);
    write('lib/src/dist/a.ts', 3_000);
    expect(checkBuild(dir, groups).build).toBe(false);
  });

  it('builds when the output was deleted', () => {
    fs.rmSync(path.join(dir, 'lib/dist'), { recursive: true });
    expect(checkBuild(dir, groups)).toMatchObject({ build: true, first: true });
  });
});

describe('BUILD_GROUPS covers what npm start runs', () => {
  it('has a group for every TypeScript project of the build, and for the web client', () => {
    const projects = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8')).references.map(
      (reference: { path: string }) => reference.path,
    );
    expect(BUILD_GROUPS.map((each: { name: string }) => each.name).sort()).toEqual(
      [...projects, 'web'].sort(),
    );
  });

  it('checks the file npm start runs', () => {
    const start: string = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
    const entry = start.replace(/^node /, '');
    expect(BUILD_GROUPS.flatMap((each: { outputs: string[] }) => each.outputs)).toContain(entry);
  });

  it('is what prestart runs, and npm run build stays a full build', () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
    expect(scripts.prestart).toBe('node scripts/build-if-stale.mjs');
    expect(scripts.build).toMatch(/^tsc -b && /);
  });
});
