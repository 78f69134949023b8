import http from 'node:http';
import { type AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { exactGetRoutes } from './exact-get-routes';

/** A real Express app over real HTTP: the routes, then a fallback and an error handler that say what reached them. */
async function startApp() {
  const app = express();
  app.use(
    exactGetRoutes({
      '/healthz': (_request, response) => {
        response.json({ status: 'ok' });
      },
      '/readyz': async () => {
        throw new Error('not ready');
      },
    }),
  );
  app.use((_request, response) => {
    response.status(404).json({ reached: 'fallback' });
  });
  app.use((error: Error, _request: Request, response: Response, _next: NextFunction) => {
    response.status(500).json({ error: error.message });
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('exactGetRoutes', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it('answers its paths as app.get would: GET and HEAD, any case, with or without one trailing slash', async () => {
    for (const path of ['/healthz', '/HEALTHZ', '/healthz/', '/healthz?probe=1']) {
      const response = await fetch(`${app.base}${path}`);
      expect([path, response.status, await response.json()]).toEqual([path, 200, { status: 'ok' }]);
    }
    expect((await fetch(`${app.base}/healthz`, { method: 'HEAD' })).status).toBe(200);
  });

  it('lets other methods and paths go on', async () => {
    for (const [method, path] of [
      ['POST', '/healthz'],
      ['GET', '/healthz/more'],
      ['GET', '/api/me'],
      ['GET', '/'],
    ]) {
      const response = await fetch(`${app.base}${path}`, { method });
      expect([method, path, response.status, await response.json()]).toEqual([
        method,
        path,
        404,
        { reached: 'fallback' },
      ]);
    }
  });

  it("sends a handler's rejected promise to the error handlers", async () => {
    const response = await fetch(`${app.base}/readyz`);
    expect([response.status, await response.json()]).toEqual([500, { error: 'not ready' }]);
  });
});
