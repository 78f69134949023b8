import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DiskObjectStore } from '@promptloom/shared';
import { sweepIncoming } from './incoming-sweeper';

describe('sweepIncoming', () => {
  it('removes unused uploads past their age (or without an upload time) and nothing else', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'promptloom-sweep-'));
    try {
      const objects = new DiskObjectStore(folder);
      const now = 10_000_000;
      const put = (key: string, metadata: Record<string, string> = {}) =>
        objects.put(key, Buffer.from('x'), { contentType: 'application/octet-stream', metadata });
      await put('incoming/1/old', { 'uploaded-at': String(now - 3_600_001) });
      await put('incoming/1/fresh', { 'uploaded-at': String(now - 1000) });
      await put('incoming/2/unknown');
      await put('users/1/images/kept.webp');

      expect(await sweepIncoming(objects, now)).toBe(2);

      expect(await objects.list('')).toEqual(['incoming/1/fresh', 'users/1/images/kept.webp']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
