import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createGateway, type Gateway } from '@promptloom/gateway';
import { DiskObjectStore, InProcessBus, createLogger, type Bus } from '@promptloom/shared';
import { precompress } from '../../web/scripts/precompress';
import { TEST_JWT_SECRET } from '../support/embedded-product';

/** A made-up build: a hashed script large enough to compress, a tiny one that is not, a public file, a map. */
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const INDEX = `<!doctype html><html><head><title>Promptloom</title></head><body>${'<p>x</p>'.repeat(200)}</body></html>`;

let root: string;
let dist: string;
let bus: Bus;
let gateway: Gateway;
let baseUrl: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'promptloom-assets-'));
  dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'words-AbC123.js'), SCRIPT);
  await writeFile(path.join(dist, 'assets', 'words-AbC123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  await writeFile(path.join(dist, 'assets', 'tiny-Zz9.js'), 'console.log(1);');
  await writeFile(path.join(dist, 'zod-jitless.js'), 'globalThis.x = 1;');
  // The build's own plugin writes the compressed copies, as `vite build` runs it.
  const plugin = precompress();
  plugin.configResolved({ root, build: { outDir: 'dist' } });
  await plugin.closeBundle();

  bus = new InProcessBus();
  gateway = await createGateway({
    bus,
    logger: createLogger('test', 'silent'),
    jwtSecret: TEST_JWT_SECRET,
    sessionIdleMs: 3_600_000,
    maxBodyBytes: 1_048_576,
    webDistDir: dist,
    production: true,
    uploads: { objectStore: new DiskObjectStore(path.join(root, 'objects')), maxBytes: 1_000_000 },
  });
  baseUrl = `http://127.0.0.1:${await gateway.listen(0, '127.0.0.1')}`;
});
afterAll(async () => {
  await gateway?.close();
  await bus?.close();
  await rm(root, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly these headers, its body as sent (fetch would decode it and add its own Accept-Encoding). */
function get(urlPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}${urlPath}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const SCRIPT_URL = '/assets/words-AbC123.js';

describe('the build writes compressed copies', () => {
  it('brotli and gzip beside each compressible file above 1 kB, none for tiny files or source maps', async () => {
    expect((await readdir(path.join(dist, 'assets'))).sort()).toEqual([
      'tiny-Zz9.js',
      'words-AbC123.js',
      'words-AbC123.js.br',
      'words-AbC123.js.gz',
      'words-AbC123.js.map',
    ]);
    expect((await readdir(dist)).filter((name) => name.startsWith('index.html')).sort()).toEqual([
      'index.html',
      'index.html.br',
      'index.html.gz',
    ]);
  });
});

describe('web assets over HTTP', () => {
  it('sends brotli to a browser that takes it (and prefers it to gzip at equal weight)', async () => {
    const answer = await get(SCRIPT_URL, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 2);
    expect(zlib.brotliDecompressSync(answer.body).toString('utf8')).toBe(SCRIPT);
  });

  it('sends gzip when that is what the client takes, or what it weighs higher', async () => {
    for (const header of ['gzip', 'br;q=0.5, gzip', 'br;q=0, gzip;q=0.8']) {
      const answer = await get(SCRIPT_URL, { 'accept-encoding': header });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(answer.body).toString('utf8')).toBe(SCRIPT);
    }
  });

  it('sends the file as it is without Accept-Encoding, or when nothing it names is stored', async () => {
    const headerSets: Array<Record<string, string>> = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'zstd, br;q=0, gzip;q=0' },
    ];
    for (const headers of headerSets) {
      const answer = await get(SCRIPT_URL, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.body.toString('utf8')).toBe(SCRIPT);
    }
  });

  it('caches hashed files for a year, immutable, compressed or not', async () => {
    for (const urlPath of [SCRIPT_URL, '/assets/tiny-Zz9.js']) {
      const answer = await get(urlPath, { 'accept-encoding': 'br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has index.html and the SPA fallback revalidated on every load, compressed', async () => {
    for (const urlPath of ['/', '/pro', '/admin/UserManage']) {
      const answer = await get(urlPath, { accept: 'text/html', 'accept-encoding': 'gzip, br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-type']).toMatch(/text\/html/);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(answer.body).toString('utf8')).toBe(INDEX);
    }
    const direct = await get('/index.html');
    expect(direct.headers['cache-control']).toBe('no-cache');
    expect(direct.body.toString('utf8')).toBe(INDEX);
  });

  it('revalidates files that are not hashed', async () => {
    const answer = await get('/zod-jitless.js');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not the page, even to a client that takes any type', async () => {
    for (const accept of ['*/*', 'text/html']) {
      const missing = await get('/assets/missing-123.js', { accept, 'accept-encoding': 'br' });
      expect(missing.status).toBe(404);
      expect(missing.headers['content-encoding']).toBeUndefined();
    }
  });

  it('serves no source map in production', async () => {
    expect((await get(`${SCRIPT_URL}.map`, { accept: '*/*' })).status).toBe(404);
  });
});
