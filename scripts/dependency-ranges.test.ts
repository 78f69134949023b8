import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeDifferences, differingRanges, readManifests } from './dependency-ranges.cjs';

const manifest = (name: string, json: Record<string, unknown>) => ({ package: name, json });

describe('differingRanges: one version range for each dependency across the packages', () => {
  it('finds nothing when every package names a dependency with the same range', () => {
    expect(
      differingRanges([
        manifest('proto', { dependencies: { zod: '^4.6.7' } }),
        manifest('gateway', { dependencies: { zod: '^4.6.7', express: '^5.1.0' } }),
      ]),
    ).toEqual([]);
  });

  it('names a dependency two packages give different ranges, with the range of each', () => {
    expect(
      differingRanges([
        manifest('proto', { dependencies: { zod: '^4.1.12' } }),
        manifest('gateway', { dependencies: { zod: '^4.6.7' } }),
        manifest('web', { dependencies: { react: '^19.3.1' } }),
      ]),
    ).toEqual([{ dependency: 'zod', ranges: { proto: '^4.1.12', gateway: '^4.6.7' } }]);
  });

  it('counts an exact pin and a caret range of the same version as different', () => {
    expect(
      differingRanges([
        manifest('services/shared', { dependencies: { '@mikro-orm/core': '6.6.16' } }),
        manifest('services/ai-worker', { dependencies: { '@mikro-orm/core': '^6.6.16' } }),
      ]).map((difference) => difference.dependency),
    ).toEqual(['@mikro-orm/core']);
  });

  it('compares dev and optional dependencies too, naming their section, but not peer dependencies', () => {
    expect(
      differingRanges([
        manifest('root', { devDependencies: { typescript: '^5.9.3' } }),
        manifest('web', {
          devDependencies: { typescript: '^5.8.0' },
          optionalDependencies: { sharp: '^0.34.0' },
          peerDependencies: { react: '>=18' },
        }),
        manifest('gateway', { dependencies: { sharp: '^0.33.0', react: '^19.3.1' } }),
      ]),
    ).toEqual([
      { dependency: 'sharp', ranges: { 'web optionalDependencies': '^0.34.0', gateway: '^0.33.0' } },
      {
        dependency: 'typescript',
        ranges: { 'root devDependencies': '^5.9.3', 'web devDependencies': '^5.8.0' },
      },
    ]);
  });

  it('catches one package naming a dependency with two ranges in two sections', () => {
    expect(
      differingRanges([
        manifest('test', { dependencies: { zod: '^4.6.7' }, devDependencies: { zod: '^4.1.12' } }),
      ]),
    ).toEqual([{ dependency: 'zod', ranges: { test: '^4.6.7', 'test devDependencies': '^4.1.12' } }]);
  });

  it('describes each difference on one line', () => {
    expect(
      describeDifferences([{ dependency: 'zod', ranges: { proto: '^4.1.12', gateway: '^4.6.7' } }]),
    ).toEqual(['zod: ^4.1.12 in proto, ^4.6.7 in gateway']);
  });
});

describe('readManifests', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dependency-ranges-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const write = (folder: string, json: Record<string, unknown>) => {
    fs.mkdirSync(path.join(root, folder), { recursive: true });
    fs.writeFileSync(path.join(root, folder, 'package.json'), JSON.stringify(json));
  };

  it("reads the root package.json and each workspace's", () => {
    write('.', { workspaces: ['proto', 'services/admin'], devDependencies: { jest: '^30.5.2' } });
    write('proto', { dependencies: { zod: '^4.6.7' } });
    write('services/admin', { dependencies: { zod: '^4.6.7' } });
    expect(readManifests(root).map((read: { package: string }) => read.package)).toEqual([
      'root',
      'proto',
      'services/admin',
    ]);
  });

  it('refuses a workspace pattern instead of silently reading fewer packages', () => {
    write('.', { workspaces: ['services/*'] });
    expect(() => readManifests(root)).toThrow(/patterns are not read: services\/\*/);
  });
});

describe('check-dependency-versions.mjs', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-dependency-versions-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const check = (zodInGateway: string) => {
    for (const [folder, json] of Object.entries({
      '.': { workspaces: ['proto', 'gateway'] },
      proto: { dependencies: { zod: '^4.6.7' } },
      gateway: { dependencies: { zod: zodInGateway } },
    })) {
      fs.mkdirSync(path.join(root, folder), { recursive: true });
      fs.writeFileSync(path.join(root, folder, 'package.json'), JSON.stringify(json));
    }
    return spawnSync(process.execPath, [path.join(__dirname, 'check-dependency-versions.mjs'), root], {
      encoding: 'utf8',
    });
  };

  it('passes silently when the ranges agree', () => {
    expect(check('^4.6.7')).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });

  it('fails, naming the dependency and each range, when two differ', () => {
    const result = check('^4.1.12');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('zod: ^4.6.7 in proto, ^4.1.12 in gateway');
  });
});
