import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/** The part of Vite's plugin interface used here (Vite is ESM only; the tests load this file as CommonJS). */
export interface BuildPlugin {
  name: string;
  apply: 'build';
  configResolved(config: { root: string; build: { outDir: string } }): void;
  closeBundle(): Promise<void>;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build (source maps excepted: production
 * does not serve them), at the strongest levels: done once here, the gateway sends them with `Content-Encoding`.
 */
export function precompress(): BuildPlugin {
  let outDir = 'dist';
  return {
    name: 'promptloom-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(files.map(compressOne));
    },
  };
}

async function compressOne(file: string): Promise<void> {
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return;
  const brotliOptions = {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  };
  const [gzipped, brotlied] = await Promise.all([
    gzip(content, { level: 9 }),
    brotli(content, brotliOptions),
  ]);
  await Promise.all([writeFile(`${file}.gz`, gzipped), writeFile(`${file}.br`, brotlied)]);
}
