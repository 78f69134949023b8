import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { WEB_DIST_DIR } from '../support/browser';

/**
 * The scripts the built client's index.html loads before any screen (its module script and modulepreloads), as
 * `npm run build` left them in web/dist. The sign-in screen on a phone is the slowest page the product serves
 * (bench/lighthouse.mjs); each of these is parsed before it shows.
 */
async function firstScreenScripts(): Promise<string[]> {
  const html = await readFile(path.join(WEB_DIST_DIR, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/(assets\/[^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
  return [...scripts, ...preloads];
}

/** The source files bundled into a built script, from its source map. */
async function sourcesOf(script: string): Promise<string[]> {
  const map = JSON.parse(await readFile(path.join(WEB_DIST_DIR, `${script}.map`), 'utf8')) as {
    sources: string[];
  };
  return map.sources;
}

describe("the web client's first screen", () => {
  it('loads its entry script and nothing of zod or of the shared rules but the session constants', async () => {
    const scripts = await firstScreenScripts();
    expect(scripts.some((script) => /^assets\/index-.+\.js$/.test(script))).toBe(true);
    const sources = (await Promise.all(scripts.map(sourcesOf))).flat();
    expect(sources.length).toBeGreaterThan(100);
    // proto is `sideEffects: false` and the constants the session needs live in modules without zod, so the
    // bundler leaves the rest of proto (and zod, ~47 kB compressed) to the screens that use it.
    expect(sources.filter((source) => source.includes('node_modules/zod/'))).toEqual([]);
    const proto = sources
      .filter((source) => source.includes('/proto/src/'))
      .map((source) => source.replace(/^.*\/proto\/src\//, ''));
    const zodFree = ['roles.ts', 'rules/constants.ts', 'rules/session.ts'];
    expect(proto.filter((source) => !zodFree.includes(source))).toEqual([]);
  });
});
