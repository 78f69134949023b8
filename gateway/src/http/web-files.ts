import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response, type RequestHandler } from 'express';
import { chooseEncoding, type ContentEncoding } from './accept-encoding';

/** Vite names every file under /assets by its content's hash: a changed file is a new URL. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, files from web/public) is checked with the server on each use (ETag → 304). */
export const REVALIDATE = 'no-cache';

const SUFFIX: Record<Exclude<ContentEncoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

const cacheControlFor = (urlPath: string) => (urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);

/** Every file of the build with the compressed copies beside it (`x.js` → br, gzip for `x.js.br`, `x.js.gz`). */
function findPrecompressed(distDir: string): Map<string, Set<ContentEncoding>> {
  const found = new Map<string, Set<ContentEncoding>>();
  for (const entry of fs.readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path
      .relative(distDir, path.join(entry.parentPath, entry.name))
      .split(path.sep)
      .join('/');
    for (const [encoding, suffix] of Object.entries(SUFFIX) as Array<[ContentEncoding, string]>) {
      if (!relative.endsWith(suffix)) continue;
      const original = relative.slice(0, -suffix.length);
      if (!fs.existsSync(path.join(distDir, original))) continue;
      const encodings = found.get(`/${original}`) ?? new Set<ContentEncoding>();
      encodings.add(encoding);
      found.set(`/${original}`, encodings);
    }
  }
  return found;
}

export interface WebFiles {
  /** Serves the build's files: a precompressed copy when the client accepts it, with cache headers. */
  serve: RequestHandler;
  /** Sends index.html (the SPA's answer to any page URL), compressed the same way, never cached unchecked. */
  sendIndex(request: Request, response: Response, next: NextFunction): void;
}

/**
 * The built client's files. The build writes brotli and gzip copies (web/scripts/precompress.ts); one of them goes
 * out by `Accept-Encoding`, with `Vary: Accept-Encoding` so that caches keep them apart. Files without copies (and
 * any written after start) are served as they are by express.static.
 */
export function webFiles(distDir: string): WebFiles {
  const precompressed = findPrecompressed(distDir);

  function send(urlPath: string, request: Request, response: Response, next: NextFunction): void {
    const available = precompressed.get(urlPath)!;
    const encoding = chooseEncoding(request.header('accept-encoding'), available);
    const original = path.join(distDir, urlPath);
    response.setHeader('Vary', 'Accept-Encoding');
    response.setHeader('Cache-Control', cacheControlFor(urlPath));
    if (encoding !== 'identity') {
      response.setHeader('Content-Encoding', encoding);
      // send() would name the type after `.br`/`.gz`; it keeps one that is already set.
      response.type(path.extname(original));
    }
    const file = encoding === 'identity' ? original : `${original}${SUFFIX[encoding]}`;
    response.sendFile(file, { cacheControl: false, dotfiles: 'deny' }, (error?: Error) => {
      if (!error) return;
      const code = (error as NodeJS.ErrnoException).code;
      // The client went away mid-file (a closed tab): nothing left to answer, and no header may change now.
      if (response.headersSent) {
        if (code !== 'ECONNABORTED') next(error);
        return;
      }
      // Gone since start (a rebuild): let express.static look for the new build's file.
      response.removeHeader('Content-Encoding');
      if (code === 'ENOENT') next();
      else next(error);
    });
  }

  const fromDisk = express.static(distDir, {
    index: false,
    cacheControl: false,
    setHeaders: (response, filePath) => {
      const relative = `/${path.relative(distDir, filePath).split(path.sep).join('/')}`;
      response.setHeader('Cache-Control', cacheControlFor(relative));
    },
  });

  return {
    serve(request, response, next) {
      if ((request.method === 'GET' || request.method === 'HEAD') && precompressed.has(request.path)) {
        send(request.path, request, response, next);
        return;
      }
      fromDisk(request, response, next);
    },
    sendIndex(request, response, next) {
      if (precompressed.has('/index.html')) return send('/index.html', request, response, next);
      response.setHeader('Cache-Control', REVALIDATE);
      response.sendFile(path.join(distDir, 'index.html'), { cacheControl: false }, (error?: Error) => {
        if (error) next(error);
      });
    },
  };
}
