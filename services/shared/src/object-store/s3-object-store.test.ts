import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { Client } from 'minio';
import S3rver from 's3rver';
import { describeObjectStoreContract, expectDomainError } from './object-store-contract';
import { S3ObjectStore, type S3ObjectStoreOptions } from './s3-object-store';

/** s3rver's built-in credentials. */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

let server: S3rver;
let serverPort: number;
let serverDirectory: string;
let bucketCount = 0;

beforeAll(async () => {
  serverDirectory = await mkdtemp(path.join(tmpdir(), 'promptloom-s3rver-'));
  serverPort = await getPort({ host: '127.0.0.1' });
  server = new S3rver({ address: '127.0.0.1', port: serverPort, silent: true, directory: serverDirectory });
  await server.run();
});

afterAll(async () => {
  await server.close();
  await rm(serverDirectory, { recursive: true, force: true });
});

function storeFor(options: Partial<S3ObjectStoreOptions> = {}): S3ObjectStore {
  return new S3ObjectStore({
    endPoint: '127.0.0.1',
    port: serverPort,
    useSSL: false,
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    bucket: freshBucketName(),
    ...options,
  });
}

function freshBucketName(): string {
  bucketCount += 1;
  return `promptloom-test-${bucketCount}`;
}

describeObjectStoreContract('S3ObjectStore on s3rver', async () => {
  const store = storeFor();
  await store.ensureBucket();
  // Each test gets its own bucket; the server's whole directory goes after the last test.
  return { store, cleanup: async () => undefined };
});

describe('S3ObjectStore', () => {
  it('ensureBucket creates a missing bucket, also when several processes race to do it', async () => {
    const bucket = freshBucketName();
    const processes = Array.from({ length: 4 }, () => storeFor({ bucket }));
    await expectDomainError(processes[0]!.ready(), 'SERVICE_UNAVAILABLE');

    await Promise.all(processes.map((store) => store.ensureBucket()));
    await processes[1]!.ensureBucket();

    await expect(processes[2]!.ready()).resolves.toBeUndefined();
    await processes[3]!.put('a/b', Buffer.from('x'), { contentType: 'text/plain' });
    expect(await processes[0]!.list('')).toEqual(['a/b']);
  });

  it('keeps the content type and metadata on the S3 object itself', async () => {
    const bucket = freshBucketName();
    const store = storeFor({ bucket });
    await store.ensureBucket();
    await store.put('users/1/a.webp', randomBytes(64), {
      contentType: 'image/webp',
      metadata: { 'original-name': 'cat.png' },
    });

    const raw = new Client({
      endPoint: '127.0.0.1',
      port: serverPort,
      useSSL: false,
      accessKey: ACCESS_KEY,
      secretKey: SECRET_KEY,
    });
    const stat = await raw.statObject(bucket, 'users/1/a.webp');

    expect(stat.size).toBe(64);
    expect(stat.metaData).toMatchObject({ 'content-type': 'image/webp', 'original-name': 'cat.png' });
  });

  it('presignedGetUrl gives a URL that serves the object over plain HTTP', async () => {
    const store = storeFor();
    await store.ensureBucket();
    const body = randomBytes(1000);
    await store.put('users/1/a.png', body, { contentType: 'image/png' });

    const response = await fetch(await store.presignedGetUrl('users/1/a.png', 60));

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
    await expectDomainError(store.presignedGetUrl('users/1/a.png', 0), 'BAD_USER_INPUT');
    await expectDomainError(store.presignedGetUrl('../a.png', 60), 'BAD_USER_INPUT');
  });

  it('deletePrefix removes objects over several DeleteObjects batches', async () => {
    const store = storeFor({ deleteBatchSize: 2 });
    await store.ensureBucket();
    const doomed = ['u/1/a', 'u/1/b', 'u/1/c/d', 'u/1/e', 'u/1/f'];
    const kept = ['u/1', 'u/10/a', 'u/2/a'];
    await Promise.all(
      [...doomed, ...kept].map((key) => store.put(key, Buffer.from(key), { contentType: 'text/plain' })),
    );

    await store.deletePrefix('u/1/');

    expect(await store.list('')).toEqual(kept);
  });

  it('refuses an invalid bucket name or batch size when constructed', () => {
    expect(() => storeFor({ bucket: 'Not_A_Bucket' })).toThrow('Invalid S3 bucket name "Not_A_Bucket".');
    expect(() => storeFor({ bucket: 'ab' })).toThrow('Invalid S3 bucket name');
    expect(() => storeFor({ deleteBatchSize: 0 })).toThrow('deleteBatchSize');
    expect(() => storeFor({ deleteBatchSize: 1001 })).toThrow('deleteBatchSize');
  });

  it('answers SERVICE_UNAVAILABLE for every call when its bucket does not exist', async () => {
    const store = storeFor();

    await expectDomainError(store.ready(), 'SERVICE_UNAVAILABLE');
    await expectDomainError(store.get('a/b'), 'SERVICE_UNAVAILABLE');
    await expectDomainError(
      store.put('a/b', Buffer.from('x'), { contentType: 'text/plain' }),
      'SERVICE_UNAVAILABLE',
    );
    await expectDomainError(store.list(''), 'SERVICE_UNAVAILABLE');
  });

  it('answers SERVICE_UNAVAILABLE, naming the cause, when nothing listens on the port', async () => {
    const closedPort = await getPort({ host: '127.0.0.1' });
    const store = storeFor({ port: closedPort });

    const calls: (() => Promise<unknown>)[] = [
      () => store.ensureBucket(),
      () => store.ready(),
      () => store.put('a/b', Buffer.from('x'), { contentType: 'text/plain' }),
      () => store.get('a/b'),
      () => store.getStream('a/b'),
      () => store.exists('a/b'),
      () => store.delete('a/b'),
      () => store.deletePrefix('a/'),
      () => store.list(''),
    ];
    for (const call of calls) {
      const error = await expectDomainError(call(), 'SERVICE_UNAVAILABLE');
      expect(error.message).toContain(`127.0.0.1:${closedPort}`);
      expect(error.message).toContain('ECONNREFUSED');
    }
  });

  it('gives up after requestTimeoutMs when the server accepts connections but never answers', async () => {
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => held.push(socket));
    const silentPort = await getPort({ host: '127.0.0.1' });
    await new Promise<void>((resolve) => silent.listen(silentPort, '127.0.0.1', resolve));
    try {
      const store = storeFor({ port: silentPort, requestTimeoutMs: 300 });

      const error = await expectDomainError(store.get('a/b'), 'SERVICE_UNAVAILABLE');

      expect(error.message).toContain('no answer within 300 ms');
      expect(held.length).toBeGreaterThan(0);
    } finally {
      held.forEach((socket) => socket.destroy());
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('reports rejected credentials as SERVICE_UNAVAILABLE without revealing them', async () => {
    // s3rver checks the access key but not V4 signatures, so an unknown key is the rejection it can produce.
    const accessKey = 'UNKNOWN-ACCESS-KEY-7f3a';
    const secretKey = 'secret-d41d8cd98f00b204';
    const store = storeFor({ accessKey, secretKey });

    const errors = [
      await expectDomainError(store.ensureBucket(), 'SERVICE_UNAVAILABLE'),
      await expectDomainError(store.get('a/b'), 'SERVICE_UNAVAILABLE'),
    ];

    // A HEAD answer has no body, so the client can only say AccessDenied; a GET carries the server's own code.
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining('AccessDenied'),
      expect.stringContaining('InvalidAccessKeyId'),
    ]);
    for (const { message } of errors) {
      expect(message).not.toContain(accessKey);
      expect(message).not.toContain(secretKey);
    }
  });
});
