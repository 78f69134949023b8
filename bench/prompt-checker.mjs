// Issue 18: how long checking a 2,000-character prompt takes — in Node (proto's built checker) and in Chromium
// (the same TypeScript bundled by Vite, run in a page, timed with performance.now() inside the page).
// Baseline in the same run: splitting the same prompt into its whitespace-separated tokens (one regex pass).
// Run after `npm run build`:  node bench/prompt-checker.mjs  (env RUNS per prompt, default 3000; CHROMIUM_PATH).
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const { checkPrompt, countClipTokens, loadClipTokenizer } = require('@promptloom/proto');

const RUNS = Number(process.env.RUNS ?? 3000);
const WARMUP = 300;

/** Repeats sentences up to `length` characters, then the tail (flags) a prompt of that target ends with. */
function promptOf(sentence, tail, length = 2000) {
  let text = '';
  while (text.length + sentence.length + tail.length + 1 < length) text += sentence;
  return `${text}${' '.repeat(length - text.length - tail.length)}${tail}`.slice(0, length);
}

const PROMPTS = {
  'midjourney-7': promptOf(
    'A lighthouse on a cliff at dusk, waves::1.5 breaking below, {gulls, terns} overhead, (warm light:1.2). ',
    ' --ar 16:9 --v 7 --q 3 --stylize 2000 --cref https://example.com/k.png --no boats, people --ar 1:1 --stylise 5',
  ),
  sdxl: promptOf(
    'lighthouse on a cliff, ((dusk:1.2), (crashing waves:2.5), [fog], soft rim light, \\(film\\), ',
    ' --ar 16:9 cat::1.5',
  ),
  natural: promptOf(
    'A lighthouse stands on a cliff at dusk while waves break below and gulls circle. ',
    ' --v 6',
  ),
};

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (value) => Math.round(value * 10000) / 10000;

/**
 * Median, p95 and p99 in ms of `fn()` over RUNS runs after a warm-up, timed one call at a time; `cpuP99` is the
 * p99 of the process's CPU time per call (µs resolution), which leaves out the time the loaded machine's scheduler
 * kept the process waiting.
 */
function measure(fn) {
  for (let i = 0; i < WARMUP; i++) fn();
  const times = [];
  const cpu = [];
  for (let i = 0; i < RUNS; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    median: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    cpuP99: round(percentile(cpu, 99)),
  };
}

const tokenize = (text) => text.match(/\S+/g).length;

function runNode() {
  const rows = [];
  for (const [target, prompt] of Object.entries(PROMPTS)) {
    const problems = checkPrompt(target, prompt).length;
    rows.push({
      where: 'node',
      target,
      chars: prompt.length,
      problems,
      check: measure(() => checkPrompt(target, prompt)),
      baseline: measure(() => tokenize(prompt)),
    });
  }
  return rows;
}

async function bundleChecker() {
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: here,
    build: {
      write: false,
      minify: true,
      lib: {
        entry: path.join(here, '../proto/src/targets/check.ts'),
        formats: ['iife'],
        name: 'PromptChecker',
      },
    },
  });
  const chunk = (Array.isArray(output) ? output[0] : output).output[0];
  return chunk.code;
}

async function runBrowser() {
  const { chromium } = await import('playwright-core');
  const code = await bundleChecker();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    // A cross-origin-isolated page (localhost counts as secure) gets performance.now() at 5 µs instead of 100 µs.
    await page.route('http://localhost:9/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        headers: {
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-embedder-policy': 'require-corp',
        },
        body: '<!doctype html><title>checker</title>',
      }),
    );
    await page.goto('http://localhost:9/');
    if (!(await page.evaluate(() => globalThis.crossOriginIsolated)))
      throw new Error('page not cross-origin isolated');
    await page.addScriptTag({ content: code });
    return await page.evaluate(
      ({ prompts, runs, warmup }) => {
        const percentile = (sorted, p) =>
          sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
        const round = (value) => Math.round(value * 10000) / 10000;
        const measure = (fn) => {
          for (let i = 0; i < warmup; i++) fn();
          const times = [];
          for (let i = 0; i < runs; i++) {
            const start = performance.now();
            fn();
            times.push(performance.now() - start);
          }
          times.sort((a, b) => a - b);
          return {
            median: round(percentile(times, 50)),
            p95: round(percentile(times, 95)),
            p99: round(percentile(times, 99)),
          };
        };
        const { checkPrompt } = globalThis.PromptChecker;
        return Object.entries(prompts).map(([target, prompt]) => ({
          where: 'chromium',
          target,
          chars: prompt.length,
          problems: checkPrompt(target, prompt).length,
          check: measure(() => checkPrompt(target, prompt)),
          baseline: measure(() => prompt.match(/\S+/g).length),
        }));
      },
      { prompts: PROMPTS, runs: RUNS, warmup: WARMUP },
    );
  } finally {
    await browser.close();
  }
}

const rows = [...runNode(), ...(await runBrowser())];
await loadClipTokenizer();
const clip = measure(() => countClipTokens(PROMPTS.sdxl));

console.log(
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}, ${os.cpus().length} cores, ${RUNS} runs each`,
);
for (const row of rows)
  console.log(
    `${row.where.padEnd(8)} ${row.target.padEnd(13)} ${row.chars} chars, ${String(row.problems).padStart(2)} problems: ` +
      `check median ${row.check.median} ms, p95 ${row.check.p95} ms, p99 ${row.check.p99} ms` +
      (row.check.cpuP99 === undefined ? '' : ` (CPU time p99 ${row.check.cpuP99} ms)`) +
      ` | baseline (split into tokens) median ` +
      `${row.baseline.median} ms, p99 ${row.baseline.p99} ms | ratio ${(row.check.median / row.baseline.median).toFixed(1)}×`,
  );
console.log(
  `node     countClipTokens, 2000 chars (cached words): median ${clip.median} ms, p99 ${clip.p99} ms`,
);
