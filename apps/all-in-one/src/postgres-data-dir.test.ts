import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_FALLBACK_DIR, othersCanTraverse, postgresDataDir } from './postgres-data-dir';

describe('postgresDataDir', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-dir-'));
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  it('keeps the data under DATA_DIR when not running as root', () => {
    fs.chmodSync(base, 0o700);
    expect(postgresDataDir(path.join(base, 'data'), false)).toBe(path.join(base, 'data', 'postgres'));
  });

  it('keeps the data under DATA_DIR as root when the postgres user can reach it', () => {
    fs.chmodSync(base, 0o755);
    expect(othersCanTraverse(path.join(base, 'data'))).toBe(true);
    expect(postgresDataDir(path.join(base, 'data'), true)).toBe(path.join(base, 'data', 'postgres'));
  });

  it('moves the data to one stable folder per DATA_DIR when a parent is private', () => {
    fs.chmodSync(base, 0o700);
    const chosen = postgresDataDir(path.join(base, 'data'), true);
    expect(chosen.startsWith(`${ROOT_FALLBACK_DIR}/`)).toBe(true);
    expect(postgresDataDir(path.join(base, 'data'), true)).toBe(chosen);
    expect(postgresDataDir(path.join(base, 'other'), true)).not.toBe(chosen);
  });
});
