import http from 'node:http';
import { once } from 'node:events';
import { type AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import { withDirectRoutes } from './direct-routes';

/** A server whose Express app answers `router`, with direct routes answering `direct` (or failing). */
async function serve() {
  const app = express();
  app.get('/me', (_request, response) => void response.json({ by: 'router' }));
  const lastErrorHandler: ErrorRequestHandler = (
    error: { status?: number; message: string },
    _request,
    response,
  ) => {
    response.status(error.status ?? 500).json({ error: error.message });
  };
  const server = http.createServer(
    withDirectRoutes(
      app,
      [
        {
          method: 'GET',
          url: '/me',
          baseUrl: '',
          routePath: '/me',
          handle: (request, response) =>
            void response.json({
              by: 'direct',
              route: `${request.baseUrl}${request.route.path}`,
              ip: request.ip,
            }),
        },
        { method: 'GET', url: '/fails', baseUrl: '', handle: () => Promise.reject(new Error('it broke')) },
        { method: 'GET', url: '/passes-on', baseUrl: '', handle: (_request, _response, next) => next() },
      ],
      lastErrorHandler,
    ),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { server, get };
}

describe('withDirectRoutes', () => {
  let running: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    running = await serve();
  });
  afterAll(() => running.server.close());

  it("answers the exact method and URL directly, with Express's request and response", async () => {
    expect(await running.get('/me')).toEqual({
      status: 200,
      body: { by: 'direct', route: '/me', ip: '127.0.0.1' },
    });
  });

  it('leaves every other spelling of the path to the router', async () => {
    expect((await running.get('/me?x=1')).body).toEqual({ by: 'router' });
    expect((await running.get('/ME')).body).toEqual({ by: 'router' });
    expect((await running.get('/me/')).body).toEqual({ by: 'router' });
  });

  it('gives a failure, or a request passed on with nothing left, to the last error handler', async () => {
    expect(await running.get('/fails')).toEqual({ status: 500, body: { error: 'it broke' } });
    expect(await running.get('/passes-on')).toEqual({ status: 404, body: { error: 'Not found.' } });
  });
});
