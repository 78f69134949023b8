import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type NextFunction, type Router } from 'express';
import { webFiles } from './web-files';

// Not pages: a missing file under /assets (a script of an older build) is a 404, never index.html.
const NOT_WEB = /^\/(api|graphql|healthz|readyz|metrics|sanctum|assets)(\/|$)/;

const SOURCE_MAP = /\.map$/i;

/**
 * Serves the built React client and answers every other GET that wants HTML with its index.html, so client-side
 * routes (/types/dashboard, /admin/UserManage …) load on refresh. Until the client is built, a plain page says so.
 * In production the build's source maps stay on disk (for error reporting) and are not served. Hashed files under
 * /assets are cached for a year, index.html is revalidated on every load (web-files.ts).
 */
export function webApp(distDir: string | undefined, options: { serveSourceMaps: boolean }): Router {
  const router = express.Router();
  if (!options.serveSourceMaps) {
    router.use((request: Request, response: Response, next: NextFunction) => {
      if (!SOURCE_MAP.test(request.path)) return next();
      response.status(404).type('text').send('Not found.');
    });
  }
  const index = distDir ? path.join(distDir, 'index.html') : null;
  if (distDir && index && fs.existsSync(index)) {
    const files = webFiles(distDir);
    router.use(files.serve);
    router.use((request: Request, response: Response, next: NextFunction) => {
      if (request.method !== 'GET' || NOT_WEB.test(request.path) || !request.accepts('html')) return next();
      files.sendIndex(request, response, next);
    });
    return router;
  }
  router.get('/', (_request, response) => {
    response.type('html').send(PLACEHOLDER_PAGE);
  });
  return router;
}

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Promptloom</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<h1>Promptloom</h1>
<p>The server is running. The web client has not been built yet; the API answers at
<code>/graphql</code> and under <code>/api/</code>.</p>
</body></html>`;
