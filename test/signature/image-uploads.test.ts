import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import S3rver from 's3rver';
import sharp from 'sharp';
import { S3ObjectStore, type ObjectStore } from '@promptloom/shared';
import { photoJpeg, pngDeclaring, TEXT_FILE, truncatedJpeg } from '@promptloom/signature-stream/testing';
import { requestJson } from '../support/http';
import { startTestProduct, type TestProduct } from '../support/embedded-product';
import { sendWholeThenRead } from '../support/whole-body-client';
import {
  getBytes,
  postForm,
  signInAdmin,
  signUp,
  streamForm,
  type SignedIn,
  type UploadImage,
} from './signature-helpers';

/** The same tests on both object stores: the disk (embedded mode) and S3 (distributed), here s3rver. */
const BACKENDS: Array<{
  name: string;
  start: () => Promise<{ store?: ObjectStore; stop: () => Promise<void> }>;
}> = [
  { name: 'disk', start: async () => ({ stop: async () => undefined }) },
  {
    name: 's3rver',
    start: async () => {
      const directory = await mkdtemp(path.join(tmpdir(), 'promptloom-upload-s3-'));
      const port = await getPort({ host: '127.0.0.1' });
      const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
      await server.run();
      const store = new S3ObjectStore({
        endPoint: '127.0.0.1',
        port,
        useSSL: false,
        accessKey: 'S3RVER',
        secretKey: 'S3RVER',
        bucket: 'promptloom-uploads',
      });
      await store.ensureBucket();
      return {
        store,
        stop: async () => {
          await server.close();
          await rm(directory, { recursive: true, force: true });
        },
      };
    },
  },
];

describe.each(BACKENDS)('image uploads on the $name object store', ({ start }) => {
  let product: TestProduct;
  let backend: { stop: () => Promise<void> };
  let user: SignedIn;
  let photo: Buffer;

  beforeAll(async () => {
    const started = await start();
    backend = started;
    product = await startTestProduct({ objectStore: started.store });
    user = await signUp(product.baseUrl);
    photo = await photoJpeg(1920, 1080);
  });
  afterAll(async () => {
    await product.stop();
    await backend.stop();
  });

  const upload = (
    who: SignedIn,
    image: UploadImage | null,
    fields: Record<string, string | undefined> = {},
  ) =>
    postForm(
      product.baseUrl,
      `/api/stream/store/${who.userId}`,
      who.token,
      streamForm(who.userId, image, fields),
    );
  const storedUploads = async (who: SignedIn) =>
    (await requestJson(product.baseUrl, 'GET', `/api/stream/get/${who.userId}`, { token: who.token })).body
      .data;

  it('stores an upload and serves it back as WebP without EXIF, to its owner and admins only', async () => {
    const response = await upload(user, { bytes: photo, name: 'holiday.jpg', type: 'image/jpeg' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: true,
      data: { user_id: user.userId, Hyper_realistic: '1', '8k': '1', '4k': '0', width: 1920, height: 1080 },
    });
    const url: string = response.body.data.image_url;
    expect(url).toMatch(/^\/api\/images\/users\/\d+\/images\/[0-9a-f-]{36}\.webp$/);

    const image = await getBytes(product.baseUrl, url, user.token);
    expect(image.status).toBe(200);
    expect(image.contentType).toBe('image/webp');
    const metadata = await sharp(image.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1920, height: 1080 });
    expect(metadata.exif).toBeUndefined();
    expect(image.bytes.includes('EXIF-SECRET')).toBe(false);
    const thumbnail = await getBytes(product.baseUrl, response.body.data.thumbnail_url, user.token);
    expect((await sharp(thumbnail.bytes).metadata()).width).toBe(320);

    const stranger = await signUp(product.baseUrl);
    expect((await getBytes(product.baseUrl, url, stranger.token)).status).toBe(403);
    expect((await getBytes(product.baseUrl, url)).status).toBe(401);
    const admin = await signInAdmin(product.baseUrl, product.buses.admin);
    expect((await getBytes(product.baseUrl, url, admin.token)).status).toBe(200);
    expect((await getBytes(product.baseUrl, '/api/images/users/1/images/nope.webp', user.token)).status).toBe(
      404,
    );
    expect(await product.objects.list('incoming/')).toEqual([]);
  });

  it("refuses an upload into another user's stream before reading it", async () => {
    const stranger = await signUp(product.baseUrl);
    const response = await postForm(
      product.baseUrl,
      `/api/stream/store/${user.userId}`,
      stranger.token,
      streamForm(user.userId, { bytes: photo, name: 'a.jpg', type: 'image/jpeg' }),
    );
    expect(response.status).toBe(403);
  });

  describe('bad input: 422 with a clear message, nothing written, the service keeps serving', () => {
    let victim: SignedIn;
    beforeAll(async () => {
      victim = await signUp(product.baseUrl);
    });

    const BAD_UPLOADS: Array<{
      name: string;
      image: () => Promise<UploadImage | null>;
      fields?: Record<string, string | undefined>;
      errors: Record<string, string[]>;
    }> = [
      {
        name: 'a text file named .png',
        image: async () => ({ bytes: TEXT_FILE, name: 'cat.png', type: 'image/png' }),
        errors: { image: ['The image field must be an image.'] },
      },
      {
        name: 'a truncated JPEG',
        image: async () => ({ bytes: await truncatedJpeg(), name: 'cut.jpg', type: 'image/jpeg' }),
        errors: { image: ['The image field must be an image: the file is damaged or truncated.'] },
      },
      {
        name: 'a 50 MB file',
        image: async () => ({
          bytes: Buffer.alloc(50 * 1024 * 1024, 7),
          name: 'huge.jpg',
          type: 'image/jpeg',
        }),
        errors: { image: ['The image field must not be greater than 15360 kilobytes.'] },
      },
      {
        name: 'a PNG declaring 100000×100000 pixels',
        image: async () => ({ bytes: pngDeclaring(100_000, 100_000), name: 'bomb.png', type: 'image/png' }),
        errors: { image: ['The image field must not be larger than 40 megapixels.'] },
      },
      {
        name: 'an empty file',
        image: async () => ({ bytes: Buffer.alloc(0), name: 'empty.png', type: 'image/png' }),
        errors: { image: ['The image field must be an image: the file is empty.'] },
      },
      {
        name: 'no image at all',
        image: async () => null,
        errors: { image: ['The image field is required.'] },
      },
      {
        name: 'a missing field',
        image: async () => ({ bytes: photo, name: 'fine.jpg', type: 'image/jpeg' }),
        fields: { finalprompt: undefined, '8k': 'maybe' },
        errors: {
          '8k': ['The 8k field must be 1 or 0.'],
          finalprompt: ['The finalprompt field is required.'],
        },
      },
    ];

    for (const bad of BAD_UPLOADS) {
      it(`${bad.name}`, async () => {
        const response = await upload(victim, await bad.image(), bad.fields);
        expect(response.status).toBe(422);
        expect(response.body.errors).toEqual(bad.errors);
        expect(response.body.message).toBe(Object.values(bad.errors)[0]![0]);
        expect(await storedUploads(victim)).toEqual([]);
        expect(await product.objects.list(`users/${victim.userId}/`)).toEqual([]);
        expect(await product.objects.list('incoming/')).toEqual([]);
      });
    }

    it('a 50 MB file sent whole before the answer is read (as nginx forwards it): the 422, not a reset', async () => {
      const huge = { bytes: Buffer.alloc(50 * 1024 * 1024, 7), name: 'huge.jpg', type: 'image/jpeg' };
      const encoded = new Request(product.baseUrl, { method: 'POST', body: streamForm(victim.userId, huge) });
      const headers = {
        authorization: `Bearer ${victim.token}`,
        'content-type': encoded.headers.get('content-type')!,
      };
      const path = `/api/stream/store/${victim.userId}`;
      const answer = await sendWholeThenRead(
        product.baseUrl,
        path,
        headers,
        Buffer.from(await encoded.arrayBuffer()),
      );
      const tooLarge = 'The image field must not be greater than 15360 kilobytes.';
      expect(answer).toEqual({ status: 422, body: { message: tooLarge, errors: { image: [tooLarge] } } });
      expect(await product.objects.list('incoming/')).toEqual([]);
    });

    it('an empty body, and a body that is not multipart', async () => {
      const path = `/api/stream/store/${victim.userId}`;
      const empty = await postForm(product.baseUrl, path, victim.token, '');
      expect(empty.status).toBe(422);
      expect(empty.body.errors.image).toEqual(['The image field is required.']);
      const json = await requestJson(product.baseUrl, 'POST', path, {
        body: { image: 'x' },
        token: victim.token,
      });
      expect(json.status).toBe(422);
      expect(json.body.message).toBe('The request must be multipart/form-data with an image field.');
      expect(await storedUploads(victim)).toEqual([]);
    });

    it('after all of them, a good upload still works', async () => {
      const response = await upload(victim, { bytes: photo, name: 'after.jpg', type: 'image/jpeg' });
      expect(response.status).toBe(200);
      expect(await storedUploads(victim)).toHaveLength(1);
      expect(await product.objects.list(`users/${victim.userId}/`)).toHaveLength(2);
    });
  });
});
