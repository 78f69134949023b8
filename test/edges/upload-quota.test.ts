import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  IMAGE_DAMAGED,
  IMAGE_NOT_AN_IMAGE,
  INCOMING_MAX_AGE_MS,
  INCOMING_UPLOADED_AT,
  incomingKeyOf,
} from '@promptloom/proto';
import { DiskObjectStore } from '@promptloom/shared';
import { TEXT_FILE, photoJpeg, smallPng } from '@promptloom/signature-stream/testing';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { postForm, signUp, type SignedIn } from '../signature/signature-helpers';

let product: TestProduct;
let folder: string;
let photo: Buffer;
let png: Buffer;
const MAX_COUNT = 3;

beforeAll(async () => {
  [photo, png] = await Promise.all([photoJpeg(800, 600), smallPng()]);
  folder = await mkdtemp(path.join(tmpdir(), 'promptloom-quota-'));
  const objectStore = new DiskObjectStore(folder);
  product = await startTestProduct({
    objectStore,
    gateway: {
      uploads: {
        objectStore,
        maxBytes: 15 * 1024 * 1024,
        // Two photos fit, a third does not; three small PNGs stay far below.
        pendingLimits: { maxCount: MAX_COUNT, maxBytes: Math.floor(photo.length * 2.5) },
      },
    },
  });
});
afterAll(async () => {
  await product.stop();
  await rm(folder, { recursive: true, force: true });
});

/**
 * Like every limit (README "Limits"): the wait in the body and in `Retry-After`, here until the upload that frees
 * the room expires, `expiresIn` ms after it was sent at the latest (it cannot be sooner than the test's own run).
 */
function expectTryAgainWhenOneExpires(
  refused: { headers: Headers; body: { retry_after?: number } },
  expiresIn: number,
  sentAt: number,
) {
  const seconds = refused.body.retry_after!;
  expect(refused.headers.get('retry-after')).toBe(String(seconds));
  expect(seconds).toBeLessThanOrEqual(Math.ceil(expiresIn / 1000));
  expect(seconds).toBeGreaterThanOrEqual(Math.floor((expiresIn - (Date.now() - sentAt)) / 1000));
}

/** An upload left pending `age` ms ago, put straight into the store as the gateway does. */
async function pendingSince(user: SignedIn, bytes: Buffer, age: number): Promise<void> {
  await product.objects.put(incomingKeyOf(user.userId, randomUUID()), bytes, {
    contentType: 'application/octet-stream',
    metadata: { [INCOMING_UPLOADED_AT]: String(Date.now() - age) },
  });
}

function upload(user: SignedIn, bytes: Buffer, name = 'image.png', type = 'image/png') {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type }), name);
  return postForm(product.baseUrl, '/api/uploads/images', user.token, form);
}

const pendingOf = (user: SignedIn) => product.objects.list(`incoming/${user.userId}/`);

describe('upload quota per user', () => {
  it('checks the content on arrival: HTML or noise named .png is refused and nothing is kept', async () => {
    const user = await signUp(product.baseUrl);
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    for (const bytes of [
      html,
      TEXT_FILE,
      Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7) % 256)),
    ]) {
      const response = await upload(user, bytes);
      expect(response.status).toBe(422);
      expect(response.body.errors.image).toEqual([IMAGE_NOT_AN_IMAGE]);
    }
    expect(await pendingOf(user)).toEqual([]);
  });

  it('decodes the whole image on arrival: an image header before noise, or a cut photo, is refused and not counted', async () => {
    const user = await signUp(product.baseUrl);
    const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const noise = Buffer.concat([pngSignature, randomBytes(1024 * 1024)]);
    for (let index = 0; index <= MAX_COUNT; index++) {
      const response = await upload(user, noise);
      expect(response.status).toBe(422);
      expect(response.body.errors.image).toEqual([IMAGE_NOT_AN_IMAGE]);
    }
    const cut = await upload(user, photo.subarray(0, Math.floor(photo.length / 2)), 'cut.jpg', 'image/jpeg');
    expect(cut.status).toBe(422);
    expect(cut.body.errors.image).toEqual([IMAGE_DAMAGED]);
    expect(await pendingOf(user)).toEqual([]);
    // None of them took a place: the whole count is still there.
    for (let index = 0; index < MAX_COUNT; index++) expect((await upload(user, png)).status).toBe(201);
  });

  it('refuses pending images past the count with a clear 429, and not another user’s', async () => {
    const user = await signUp(product.baseUrl);
    const sentAt = Date.now();
    for (let index = 0; index < MAX_COUNT; index++) expect((await upload(user, png)).status).toBe(201);
    const refused = await upload(user, png);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many images waiting: at most 3/);
    // Pending uploads wait up to an hour: the client is told when the first of them expires, not "in a second".
    expectTryAgainWhenOneExpires(refused, INCOMING_MAX_AGE_MS, sentAt);
    expect(await pendingOf(user)).toHaveLength(MAX_COUNT);

    const other = await signUp(product.baseUrl);
    expect((await upload(other, png)).status).toBe(201);
  });

  it('refuses pending images past the bytes with a clear 429', async () => {
    const user = await signUp(product.baseUrl);
    // The older photo expires in two minutes; the room for a third photo frees then.
    const sentAt = Date.now();
    await pendingSince(user, photo, INCOMING_MAX_AGE_MS - 120_000);
    expect((await upload(user, photo, 'b.jpg', 'image/jpeg')).status).toBe(201);
    const refused = await upload(user, photo, 'c.jpg', 'image/jpeg');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many image bytes waiting/);
    expectTryAgainWhenOneExpires(refused, 120_000, sentAt);
    expect(await pendingOf(user)).toHaveLength(2);
  });

  it('no longer counts pending uploads past their hour, before the sweeper removes them', async () => {
    const user = await signUp(product.baseUrl);
    for (let index = 0; index < MAX_COUNT; index++)
      await pendingSince(user, png, INCOMING_MAX_AGE_MS + 1_000);
    expect((await upload(user, png)).status).toBe(201);
  });

  it('holds under 8 parallel uploads: exactly the count gets in', async () => {
    const user = await signUp(product.baseUrl);
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(user, png)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(await pendingOf(user)).toHaveLength(MAX_COUNT);
  });
});
