import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { DomainError, type ErrorCode } from '@promptloom/proto';
import { type ObjectStore } from './object-store';

export interface ObjectStoreUnderTest {
  store: ObjectStore;
  cleanup: () => Promise<void>;
}

const INVALID_KEYS = [
  '../etc/passwd',
  '/abs',
  '',
  'a/../../b',
  'a/./b',
  '.hidden',
  'a\\b',
  'a//b',
  'a/',
  'nul\u0000byte',
  'line\nbreak',
  'x'.repeat(1025),
  `users/42/${'y'.repeat(256)}`,
];

/**
 * The behaviour every ObjectStore adapter must show. Each test gets a fresh, empty store from `createStore`.
 * Not a test file itself: an adapter's `*.test.ts` calls it.
 */
export function describeObjectStoreContract(
  name: string,
  createStore: () => Promise<ObjectStoreUnderTest>,
): void {
  describe(`ObjectStore contract: ${name}`, () => {
    let store: ObjectStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await createStore());
    });

    afterEach(async () => {
      await cleanup();
    });

    it('round-trips random binary bytes exactly', async () => {
      const body = Buffer.concat([allByteValues(), randomBytes(64 * 1024)]);
      await store.put('users/42/images/photo.webp', body, { contentType: 'image/webp' });

      const stored = await store.get('users/42/images/photo.webp');

      expect(stored?.body.equals(body)).toBe(true);
      expect(stored?.size).toBe(body.length);
    });

    it('keeps the content type and metadata given at put', async () => {
      await store.put('a/image.png', randomBytes(10), {
        contentType: 'image/png',
        metadata: { 'original-name': 'cat picture.png', width: '640' },
      });
      await store.put('a/doc.json', Buffer.from('{}'), { contentType: 'application/json; charset=utf-8' });

      expect(await store.get('a/image.png')).toMatchObject({
        contentType: 'image/png',
        metadata: { 'original-name': 'cat picture.png', width: '640' },
      });
      expect(await store.get('a/doc.json')).toMatchObject({
        contentType: 'application/json; charset=utf-8',
        metadata: {},
      });
    });

    it('answers null and false for a key that was never stored', async () => {
      await store.put('a/present', Buffer.from('x'), { contentType: 'text/plain' });

      expect(await store.get('a/missing')).toBeNull();
      expect(await store.getStream('a/missing')).toBeNull();
      expect(await store.exists('a/missing')).toBe(false);
      expect(await store.get('b/missing')).toBeNull();
    });

    it('reports an object as existing after put and not after delete', async () => {
      await store.put('a/b.txt', Buffer.from('hello'), { contentType: 'text/plain' });
      expect(await store.exists('a/b.txt')).toBe(true);

      await store.delete('a/b.txt');

      expect(await store.exists('a/b.txt')).toBe(false);
      expect(await store.get('a/b.txt')).toBeNull();
    });

    it('replaces bytes, content type and metadata together on overwrite', async () => {
      await store.put('a/b', randomBytes(1000), { contentType: 'image/png', metadata: { version: '1' } });
      const second = randomBytes(300);

      await store.put('a/b', second, { contentType: 'image/webp' });

      const stored = await store.get('a/b');
      expect(stored?.body.equals(second)).toBe(true);
      expect(stored).toMatchObject({ contentType: 'image/webp', size: 300, metadata: {} });
    });

    it('deletes idempotently', async () => {
      await store.put('a/b', Buffer.from('x'), { contentType: 'text/plain' });

      await store.delete('a/b');
      await store.delete('a/b');
      await store.delete('never/stored');

      expect(await store.list('')).toEqual([]);
    });

    it('deletePrefix removes every object under the prefix and nothing else', async () => {
      const keys = [
        'users/4/a.webp',
        'users/4/images/b.webp',
        'users/42/c.webp',
        'users/5/d.webp',
        'users4/e',
      ];
      await Promise.all(keys.map((key) => store.put(key, Buffer.from(key), { contentType: 'image/webp' })));

      await store.deletePrefix('users/4/');

      expect(await store.list('')).toEqual(['users/42/c.webp', 'users/5/d.webp', 'users4/e']);
      expect(await store.get('users/42/c.webp')).toMatchObject({ body: Buffer.from('users/42/c.webp') });
    });

    it('deletePrefix of a prefix without objects does nothing', async () => {
      await store.put('users/1/a', Buffer.from('x'), { contentType: 'text/plain' });

      await store.deletePrefix('users/2/');
      await store.deletePrefix('users/1/a/');

      expect(await store.list('')).toEqual(['users/1/a']);
    });

    it.each(['', '/', 'users/4', '../', 'users/../', '/users/4/'])(
      'deletePrefix refuses the prefix %j with BAD_USER_INPUT and deletes nothing',
      async (prefix) => {
        await store.put('users/4/a', Buffer.from('x'), { contentType: 'text/plain' });
        await store.put('users/42/a', Buffer.from('x'), { contentType: 'text/plain' });

        await expectDomainError(store.deletePrefix(prefix), 'BAD_USER_INPUT');

        expect(await store.list('')).toEqual(['users/4/a', 'users/42/a']);
      },
    );

    it('lists the keys under a folder prefix, nested ones included, in byte order', async () => {
      const keys = ['b/2', 'a/z', 'b/1/deep/x', 'b/10', 'c', 'b/É', 'b/e'];
      await Promise.all(keys.map((key) => store.put(key, Buffer.from(key), { contentType: 'text/plain' })));

      expect(await store.list('b/')).toEqual(['b/1/deep/x', 'b/10', 'b/2', 'b/e', 'b/É']);
      expect(await store.list('b/1/')).toEqual(['b/1/deep/x']);
      expect(await store.list('')).toEqual(['a/z', 'b/1/deep/x', 'b/10', 'b/2', 'b/e', 'b/É', 'c']);
      expect(await store.list('nothing/here/')).toEqual([]);
    });

    it.each(['b', '/', '../', 'b/../'])('list refuses the prefix %j with BAD_USER_INPUT', async (prefix) => {
      await expectDomainError(store.list(prefix), 'BAD_USER_INPUT');
    });

    it('streams the stored bytes with their content type, size and metadata', async () => {
      const body = randomBytes(200 * 1024);
      await store.put('s/video.bin', body, {
        contentType: 'application/octet-stream',
        metadata: { kind: 'raw' },
      });

      const stream = await store.getStream('s/video.bin');

      expect(stream).toMatchObject({
        contentType: 'application/octet-stream',
        size: body.length,
        metadata: { kind: 'raw' },
      });
      expect((await buffer(stream!.body)).equals(body)).toBe(true);
    });

    it.each(INVALID_KEYS)('rejects the key %j with BAD_USER_INPUT in every method', async (key) => {
      const body = Buffer.from('x');

      await expectDomainError(store.put(key, body, { contentType: 'text/plain' }), 'BAD_USER_INPUT');
      await expectDomainError(store.get(key), 'BAD_USER_INPUT');
      await expectDomainError(store.getStream(key), 'BAD_USER_INPUT');
      await expectDomainError(store.exists(key), 'BAD_USER_INPUT');
      await expectDomainError(store.delete(key), 'BAD_USER_INPUT');
      expect(await store.list('')).toEqual([]);
    });

    it.each([
      ['a content type with a header injection', { contentType: 'image/png\r\nX-Evil: 1' }],
      ['a content type that is not a media type', { contentType: 'png' }],
      ['an empty content type', { contentType: '' }],
      ['a metadata name with spaces', { contentType: 'image/png', metadata: { 'Bad Name': 'x' } }],
      ['an uppercase metadata name', { contentType: 'image/png', metadata: { Width: '1' } }],
      ['a metadata value with a line break', { contentType: 'image/png', metadata: { note: 'a\nb' } }],
      ['a metadata value that is not ASCII', { contentType: 'image/png', metadata: { note: 'café' } }],
      ['oversized metadata', { contentType: 'image/png', metadata: { note: 'x'.repeat(3000) } }],
    ])('rejects %s with BAD_USER_INPUT', async (_case, options) => {
      await expectDomainError(store.put('a/b', Buffer.from('x'), options), 'BAD_USER_INPUT');

      expect(await store.exists('a/b')).toBe(false);
    });

    it('round-trips a 5 MB object through get and getStream', async () => {
      const body = randomBytes(5 * 1024 * 1024);
      await store.put('big/object.bin', body, { contentType: 'application/octet-stream' });

      const stored = await store.get('big/object.bin');
      const stream = await store.getStream('big/object.bin');

      expect(stored?.body.equals(body)).toBe(true);
      expect(stream?.size).toBe(body.length);
      expect((await buffer(stream!.body)).equals(body)).toBe(true);
    });

    it('round-trips an empty object', async () => {
      await store.put('empty/file', Buffer.alloc(0), { contentType: 'text/plain' });

      expect(await store.get('empty/file')).toMatchObject({ size: 0, body: Buffer.alloc(0) });
      expect(await store.exists('empty/file')).toBe(true);
    });

    it('keeps keys with spaces, punctuation and non-ASCII characters', async () => {
      // No '+', '%' or "'": s3rver ignores encoding-type=url in listings (and escapes "'" in its XML as &#x27;),
      // so the minio client would decode such keys wrongly from that test server, not from MinIO or S3.
      const key = 'users/42/Ünïcode name (1) & co, [ok]!.webp';
      const body = randomBytes(100);
      await store.put(key, body, { contentType: 'image/webp' });

      expect((await store.get(key))?.body.equals(body)).toBe(true);
      expect(await store.list('users/42/')).toEqual([key]);
    });

    it('stores concurrent puts of different keys', async () => {
      const bodies = new Map(
        Array.from({ length: 25 }, (_, index) => [`c/${index}.bin`, randomBytes(20_000 + index)]),
      );

      await Promise.all(
        [...bodies].map(([key, body]) => store.put(key, body, { contentType: 'application/octet-stream' })),
      );

      expect(await store.list('c/')).toEqual([...bodies.keys()].sort());
      for (const [key, body] of bodies) {
        expect((await store.get(key))?.body.equals(body)).toBe(true);
      }
    });

    it('is ready', async () => {
      await expect(store.ready()).resolves.toBeUndefined();
    });
  });
}

/** Awaits `promise` and checks that it rejected with a DomainError of `code`; returns the error. */
export async function expectDomainError(promise: Promise<unknown>, code: ErrorCode): Promise<DomainError> {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(code);
    return error as DomainError;
  }
  throw new Error(`Expected a DomainError ${code}, but the call resolved with ${String(outcome)}.`);
}

function allByteValues(): Buffer {
  return Buffer.from(Array.from({ length: 256 }, (_, value) => value));
}
