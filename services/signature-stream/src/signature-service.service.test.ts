import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DomainError,
  accountEvents,
  sessionOperations,
  signatureEvents,
  signatureOperations,
  streamOperations,
  type PayloadOf,
  type RequestContext,
} from '@promptloom/proto';
import {
  DiskObjectStore,
  InProcessBus,
  call,
  callWith,
  createLogger,
  handle,
  onEvent,
  type SignedBus,
} from '@promptloom/shared';
import { createTestDatabase, signedBuses, waitFor, type TestDatabase } from '@promptloom/shared/testing';
import { startSignatureService, type RunningSignatureService } from './signature-service';
import { photoJpeg, TEXT_FILE } from './testing';

const logger = createLogger('signature-test', 'silent');
let database: TestDatabase;
/** The gateway's view of the bus: requests signed as the gateway signs them. */
let bus: SignedBus;
let service: RunningSignatureService;
let objects: DiskObjectStore;
let objectsFolder: string;
const changes: PayloadOf<typeof signatureEvents.signatureChanged>[] = [];

/** User 1 is the admin; every session holds (the admin service's answer is stubbed below). */
const SESSION = randomUUID();
const as = (userId: number, role = userId === 1 ? 'Admin' : 'user'): { context: RequestContext } => ({
  context: { actor: { userId, role, sessionId: SESSION, sessionVersion: 1 } },
});
const SIX = ['Aurora', 'Dusk', 'Ember', 'Frost', 'Glow', 'Haze'];
const OTHER_SIX = ['Iris', 'Jade', 'Kelp', 'Lumen', 'Moss', 'Nova'];

beforeAll(async () => {
  database = await createTestDatabase();
  const buses = signedBuses(new InProcessBus());
  bus = buses.gateway;
  await handle(buses.admin, sessionOperations.state, async ({ userId }) => ({
    user: { role: userId === 1 ? 'Admin' : 'user', status: 'Active', sessionVersion: 1 },
    revoked: false,
  }));
  objectsFolder = await mkdtemp(path.join(tmpdir(), 'promptloom-signature-'));
  objects = new DiskObjectStore(objectsFolder);
  service = await startSignatureService({
    databaseUrl: database.url,
    bus: buses.signature,
    logger,
    objectStore: objects,
  });
  await onEvent(bus, signatureEvents.signatureChanged, async (payload) => void changes.push(payload));
});
afterAll(async () => {
  await service.stop();
  await bus.close();
  await database.drop();
  await rm(objectsFolder, { recursive: true, force: true });
});

const store = (userId: number, names: unknown, extra: Record<string, unknown> = {}) =>
  callWith(
    bus,
    signatureOperations.store,
    { userId, user_id: userId, username: `user ${userId}`, signature: names, ...extra },
    as(userId),
  );

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('signature service: signatures', () => {
  it('saves a signature of 6 names with its code and publishes signature.changed', async () => {
    const saved = await store(101, SIX.join(', '));
    expect(saved.data).toMatchObject({
      user_id: 101,
      signature: SIX,
      code: 'Aur-Dus-Emb-Fro-Glo-Haz',
      status: '1',
    });
    await waitFor(
      () => changes.some((change) => change.userId === 101 && change.change === 'saved'),
      'saved',
    );
  });

  it('refuses any other number of names with the spec message, writing nothing', async () => {
    for (const names of [SIX.slice(0, 5), [...SIX, 'Iris'], []]) {
      const error = await rejection(store(102, names));
      expect(error.code).toBe('BAD_USER_INPUT');
      expect(error.fields).toEqual({ signature: ['A signature holds exactly 6 names.'] });
    }
    expect((await call(bus, signatureOperations.get, { userId: 102 }, as(102))).data).toBeNull();
  });

  it("replaces the saved signature, or asks first with the spec's question when replace is false", async () => {
    const first = await store(103, SIX);
    const refused = await rejection(store(103, OTHER_SIX, { replace: false }));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe(
      'A signature is already saved. Do you want to replace it with the new one? Your old signature will be removed.',
    );
    const second = await store(103, OTHER_SIX);
    expect(second.data.id).not.toBe(first.data.id);
    const current = await call(bus, signatureOperations.get, { userId: 103 }, as(103));
    expect(current.data?.signature).toEqual(OTHER_SIX);
  });

  it('updates and removes the saved signature', async () => {
    await store(104, SIX);
    const updated = await call(
      bus,
      signatureOperations.update,
      { userId: 104, signature: OTHER_SIX },
      as(104),
    );
    expect(updated.data.signature).toEqual(OTHER_SIX);
    await call(bus, signatureOperations.remove, { userId: 104 }, as(104));
    expect((await call(bus, signatureOperations.get, { userId: 104 }, as(104))).data).toBeNull();
    const missing = await rejection(
      call(bus, signatureOperations.update, { userId: 104, signature: SIX }, as(104)),
    );
    expect(missing.code).toBe('NOT_FOUND');
  });

  it("lets a user reach only their own signature, and an admin anyone's", async () => {
    await store(105, SIX);
    const refused = await rejection(call(bus, signatureOperations.get, { userId: 105 }, as(106)));
    expect(refused.code).toBe('FORBIDDEN');
    const anonymous = await rejection(call(bus, signatureOperations.get, { userId: 105 }));
    expect(anonymous.code).toBe('UNAUTHENTICATED');
    const admin = await call(bus, signatureOperations.get, { userId: 105 }, as(1, 'Admin'));
    expect(admin.data?.signature).toEqual(SIX);
  });

  it('builds one BR code per type from the types map', async () => {
    const { data } = await call(
      bus,
      signatureOperations.brCodes,
      { userId: 107, elementsByType: { Photography: ['Light', 'Shadow'], Art: [] } },
      as(107),
    );
    expect(data).toEqual([{ type: 'Photography', elements: ['Light', 'Shadow'], code: 'CRPHO-Lig-Sha' }]);
  });
});

describe('signature service: stream uploads', () => {
  const fields = (userId: number, key: string) => ({
    userId,
    user_id: userId,
    signature: SIX.join(','),
    signatureElements: 'Light,Shadow',
    Hyper_realistic: '1',
    '8k': '0',
    '4k': '1',
    finalprompt: 'Photography image. --ar 16:9 --v 6 --q 2',
    upload: { key },
  });

  it('stores a WebP and a thumbnail and removes the incoming upload', async () => {
    const key = `incoming/201/${randomUUID()}`;
    await objects.put(key, await photoJpeg(640, 360), { contentType: 'application/octet-stream' });
    const { data } = await callWith(bus, streamOperations.store, fields(201, key), as(201));
    expect(data).toMatchObject({ user_id: 201, Hyper_realistic: '1', '8k': '0', '4k': '1', width: 640 });
    expect(await objects.exists(key)).toBe(false);
    const stored = (await objects.list('users/201/')).sort();
    expect(stored.map((name) => `/api/images/${name}`).sort()).toEqual(
      [data.image_url, data.thumbnail_url].sort(),
    );
  });

  it('refuses a file that is not an image, leaving nothing in the store or the database', async () => {
    const key = `incoming/202/${randomUUID()}`;
    await objects.put(key, TEXT_FILE, { contentType: 'application/octet-stream' });
    const error = await rejection(callWith(bus, streamOperations.store, fields(202, key), as(202)));
    expect(error.fields).toEqual({ image: ['The image field must be an image.'] });
    expect(await objects.list('incoming/202/')).toEqual([]);
    expect(await objects.list('users/202/')).toEqual([]);
    expect((await call(bus, streamOperations.list, { userId: 202 }, as(202))).data).toEqual([]);
  });

  it("refuses to use someone else's upload", async () => {
    const key = `incoming/203/${randomUUID()}`;
    await objects.put(key, await photoJpeg(64, 64), { contentType: 'application/octet-stream' });
    const error = await rejection(callWith(bus, streamOperations.store, fields(204, key), as(204)));
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(await objects.exists(key)).toBe(true);
  });

  it("deletes a deleted user's signature, uploads and images", async () => {
    await store(205, SIX);
    const key = `incoming/205/${randomUUID()}`;
    await objects.put(key, await photoJpeg(64, 64), { contentType: 'application/octet-stream' });
    await callWith(bus, streamOperations.store, fields(205, key), as(205));
    expect(await objects.list('users/205/')).toHaveLength(2);

    await bus.publish(accountEvents.userDeleted.subject, { userId: 205 }, { id: randomUUID() });

    await waitFor(async () => (await objects.list('users/205/')).length === 0, 'the images to go');
    await waitFor(
      async () => (await call(bus, signatureOperations.get, { userId: 205 }, as(205))).data === null,
      'the signature to go',
    );
    expect((await call(bus, streamOperations.list, { userId: 205 }, as(205))).data).toEqual([]);
  });
});
