// Upload pipeline throughput (issue 4): a 1920×1080 JPEG through the signature service's pipeline — decode, check,
// strip metadata, WebP + thumbnail, store both on disk — against the bare sharp transform producing the same two
// WebPs, at concurrency 1 and 8. Each scenario runs in its own process so its peak memory is its own.
// Run after `npm run build`: node bench/upload-pipeline.mjs [images per scenario, default 48]
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const SCRIPT = fileURLToPath(import.meta.url);
const LIMITS = { maxBytes: 15 * 1024 * 1024, maxPixels: 40_000_000 };

async function runScenario(mode, concurrency, count) {
  const sharp = require('sharp');
  const { processImage } = require('@promptloom/signature-stream');
  const { photoJpeg } = require('@promptloom/signature-stream/testing');
  const { DiskObjectStore } = require('@promptloom/shared');
  const input = await photoJpeg(1920, 1080);
  const folder = await mkdtemp(path.join(tmpdir(), 'promptloom-bench-'));
  const store = new DiskObjectStore(folder);

  const bare = async () => {
    const decoded = sharp(input).rotate();
    await Promise.all([
      decoded
        .clone()
        .resize(4096, 4096, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
      decoded
        .clone()
        .resize(320, 320, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer(),
    ]);
  };
  let sequence = 0;
  const pipeline = async () => {
    const result = await processImage(input, LIMITS);
    const id = ++sequence;
    await Promise.all([
      store.put(`users/1/images/${id}.webp`, result.image, { contentType: 'image/webp' }),
      store.put(`users/1/images/${id}-thumb.webp`, result.thumbnail, { contentType: 'image/webp' }),
    ]);
  };
  const work = mode === 'bare' ? bare : pipeline;

  await work(); // warm-up: libvips loads its codecs
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) await work();
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  await rm(folder, { recursive: true, force: true });
  return {
    mode,
    concurrency,
    count,
    inputBytes: input.length,
    perSecond: count / seconds,
    peakRssMb: peakRss / 2 ** 20,
  };
}

if (process.argv[2] === '--scenario') {
  const [mode, concurrency, count] = process.argv.slice(3);
  process.stdout.write(JSON.stringify(await runScenario(mode, Number(concurrency), Number(count))));
} else {
  const count = Number(process.argv[2] ?? 48);
  const results = [];
  for (const concurrency of [1, 8]) {
    for (const mode of ['bare', 'pipeline']) {
      const child = spawnSync(
        process.execPath,
        [SCRIPT, '--scenario', mode, String(concurrency), String(count)],
        {
          encoding: 'utf8',
        },
      );
      if (child.status !== 0) throw new Error(child.stderr);
      results.push(JSON.parse(child.stdout));
    }
  }
  console.log(
    `node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}, ${count} images per scenario`,
  );
  console.log(`input: 1920×1080 JPEG, ${Math.round(results[0].inputBytes / 1024)} KB\n`);
  console.log(
    '| concurrency | bare sharp (img/s) | pipeline (img/s) | ratio | peak RSS bare | peak RSS pipeline |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const concurrency of [1, 8]) {
    const bare = results.find((r) => r.mode === 'bare' && r.concurrency === concurrency);
    const full = results.find((r) => r.mode === 'pipeline' && r.concurrency === concurrency);
    console.log(
      `| ${concurrency} | ${bare.perSecond.toFixed(1)} | ${full.perSecond.toFixed(1)} | ` +
        `${(full.perSecond / bare.perSecond).toFixed(2)} | ${bare.peakRssMb.toFixed(0)} MB | ${full.peakRssMb.toFixed(0)} MB |`,
    );
  }
}
