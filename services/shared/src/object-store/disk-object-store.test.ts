import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DiskObjectStore } from './disk-object-store';
import { describeObjectStoreContract, expectDomainError } from './object-store-contract';

describeObjectStoreContract('DiskObjectStore', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'promptloom-objects-'));
  return { store: new DiskObjectStore(root), cleanup: () => rm(root, { recursive: true, force: true }) };
});

describe('DiskObjectStore on the filesystem', () => {
  /** Holds the store's root and, beside it, files the store must never touch. */
  let sandbox: string;
  let root: string;
  let store: DiskObjectStore;

  beforeEach(async () => {
    sandbox = await mkdtemp(path.join(tmpdir(), 'promptloom-disk-store-'));
    root = path.join(sandbox, 'objects');
    store = new DiskObjectStore(root);
  });

  afterEach(async () => {
    await rm(sandbox, { recursive: true, force: true });
  });

  it('keeps each object in one file at <root>/<key>, creating folders as needed', async () => {
    await store.put('users/42/images/a.webp', Buffer.from('image'), { contentType: 'image/webp' });

    expect((await stat(path.join(root, 'users', '42', 'images', 'a.webp'))).isFile()).toBe(true);
    expect((await readdir(root)).sort()).toEqual(['.tmp', 'users']);
  });

  it('leaves no temporary files behind after successful and failed puts', async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        store.put(`many/${index}`, Buffer.alloc(10_000, index), { contentType: 'application/octet-stream' }),
      ),
    );
    await store.put('a/b', Buffer.from('kept'), { contentType: 'text/plain' });
    // Both fail only after the temporary file has been written: renaming onto a folder, and under a file.
    await expectDomainError(store.put('a', Buffer.from('x'), { contentType: 'text/plain' }), 'CONFLICT');
    await expectDomainError(store.put('a/b/c', Buffer.from('x'), { contentType: 'text/plain' }), 'CONFLICT');

    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
    expect(await store.list('')).toHaveLength(11);
  });

  it('rejects a key that collides with an object or folder on its path with CONFLICT, keeping what exists', async () => {
    await store.put('a/b', Buffer.from('first'), { contentType: 'text/plain' });

    await expectDomainError(store.put('a', Buffer.from('x'), { contentType: 'text/plain' }), 'CONFLICT');
    await expectDomainError(store.put('a/b/c', Buffer.from('x'), { contentType: 'text/plain' }), 'CONFLICT');

    expect(await store.get('a/b')).toMatchObject({ body: Buffer.from('first'), contentType: 'text/plain' });
    expect(await store.get('a')).toBeNull();
    expect(await store.exists('a')).toBe(false);
    await store.delete('a');
    expect(await store.list('')).toEqual(['a/b']);
  });

  it('leaves one whole version, bytes and content type together, after concurrent overwrites of a key', async () => {
    // Part of the ObjectStore promise, tested here only: S3 and MinIO keep it themselves, but s3rver (the S3 test
    // server) writes metadata in a separate file and can pair one writer's bytes with another's content type.
    for (let round = 0; round < 5; round++) {
      const versions = new Map(
        Array.from({ length: 8 }, (_, index) => [`image/x-v${index}`, randomBytes(50_000)]),
      );

      await Promise.all(
        [...versions].map(([contentType, body]) => store.put('same/key', body, { contentType })),
      );

      const stored = await store.get('same/key');
      expect(stored?.body.equals(versions.get(stored.contentType)!)).toBe(true);
    }
  });

  it('creates, overwrites and deletes nothing outside its root on traversal attempts', async () => {
    await store.put('inside/kept', Buffer.from('kept'), { contentType: 'text/plain' });
    await writeFile(path.join(sandbox, 'outside.txt'), 'outside');
    await mkdir(path.join(sandbox, 'sibling'));
    await writeFile(path.join(sandbox, 'sibling', 'file.txt'), 'sibling');
    const before = await treeOf(sandbox);
    const attempts = [
      '../outside.txt',
      '../escape.txt',
      'a/../../escape.txt',
      'inside/../../sibling/file.txt',
      '..\\escape.txt',
      path.join(sandbox, 'absolute-escape.txt'),
    ];

    for (const key of attempts) {
      await expectDomainError(
        store.put(key, Buffer.from('evil'), { contentType: 'text/plain' }),
        'BAD_USER_INPUT',
      );
      await expectDomainError(store.delete(key), 'BAD_USER_INPUT');
      await expectDomainError(store.get(key), 'BAD_USER_INPUT');
    }
    await expectDomainError(store.deletePrefix('../sibling/'), 'BAD_USER_INPUT');
    await expectDomainError(store.deletePrefix('inside/../../'), 'BAD_USER_INPUT');
    await expectDomainError(store.list('../'), 'BAD_USER_INPUT');

    expect(await treeOf(sandbox)).toEqual(before);
    expect(await readFile(path.join(sandbox, 'outside.txt'), 'utf8')).toBe('outside');
    expect(await readFile(path.join(sandbox, 'sibling', 'file.txt'), 'utf8')).toBe('sibling');
  });

  it('serves the objects an earlier instance stored in the same folder', async () => {
    await store.put('users/1/a.png', Buffer.from('png bytes'), {
      contentType: 'image/png',
      metadata: { w: '1' },
    });

    const restarted = new DiskObjectStore(root);

    expect(await restarted.get('users/1/a.png')).toMatchObject({
      body: Buffer.from('png bytes'),
      contentType: 'image/png',
      metadata: { w: '1' },
    });
    expect(await restarted.list('users/')).toEqual(['users/1/a.png']);
  });

  it('reports a file that is not in its format as INTERNAL rather than serving it', async () => {
    await mkdir(path.join(root, 'users'), { recursive: true });
    await writeFile(path.join(root, 'users', 'foreign.png'), 'not written by the store');

    await expectDomainError(store.get('users/foreign.png'), 'INTERNAL');
    await expectDomainError(store.getStream('users/foreign.png'), 'INTERNAL');
  });

  it('is not ready, and fails puts with SERVICE_UNAVAILABLE, when its folder cannot be created', async () => {
    await writeFile(path.join(sandbox, 'a-file'), '');
    const broken = new DiskObjectStore(path.join(sandbox, 'a-file', 'objects'));

    await expectDomainError(broken.ready(), 'SERVICE_UNAVAILABLE');
    await expectDomainError(
      broken.put('a/b', Buffer.from('x'), { contentType: 'text/plain' }),
      'SERVICE_UNAVAILABLE',
    );
  });
});

/** Every path under `folder` with the content of each file, for before/after comparisons. */
async function treeOf(folder: string): Promise<Record<string, string>> {
  const tree: Record<string, string> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    tree[path.relative(folder, full)] = entry.isFile() ? await readFile(full, 'utf8') : '<folder>';
  }
  return tree;
}
