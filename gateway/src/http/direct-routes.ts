import { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import {
  type ErrorRequestHandler,
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';

/** One request shape answered without Express's router. */
export interface DirectRoute {
  method: 'GET' | 'POST';
  /** The exact request URL: no query string, no other case, no trailing slash (those go through Express). */
  url: string;
  /** What Express's router would leave in `req.baseUrl` and `req.route.path` (the request log's route label). */
  baseUrl: string;
  routePath?: string;
  /** Every step the request takes through Express, in the same order, ending with the one that answers. */
  handle: RequestHandler;
}

/**
 * The server's request listener: the few hottest requests (`GET /api/me`, `POST /graphql`) skip Express's router,
 * which walks every layer in turn and was ~9% of a REST `me`'s CPU. They get what `app.handle` gives every request
 * (Express's request and response, so `res.json`, `req.ip` and every edge step work unchanged) and then run the same
 * steps they would meet in the router, in the same order; an error goes to the same last error handler. Anything
 * else, including the same path spelled differently, goes to Express as before.
 */
export function withDirectRoutes(
  app: Express,
  routes: readonly DirectRoute[],
  lastErrorHandler: ErrorRequestHandler,
): RequestListener & { app: Express } {
  const responsePrototype = expressResponse(app);
  const byMethod = new Map<string, Map<string, Answering>>();
  for (const route of routes) {
    const urls = byMethod.get(route.method) ?? new Map<string, Answering>();
    urls.set(route.url, { handle: route.handle, requestPrototype: expressRequest(app, route) });
    byMethod.set(route.method, urls);
  }
  const listener = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const route = byMethod.get(incoming.method ?? '')?.get(incoming.url ?? '');
    if (!route) return app(incoming, outgoing);
    // As app.handle does (express/lib/application.js), with the router's fields already on the prototype.
    const request = incoming as Request;
    const response = outgoing as Response;
    request.res = response;
    response.req = request;
    Object.setPrototypeOf(request, route.requestPrototype);
    Object.setPrototypeOf(response, responsePrototype);
    const done: NextFunction = (error?: unknown) => {
      // Every direct route answers; a step passing the request on with nothing left to run answers 404 as Express.
      const failure = error ?? Object.assign(new Error('Not found.'), { status: 404, expose: true });
      void Promise.resolve(lastErrorHandler(failure, request, response, () => undefined));
    };
    try {
      const result = route.handle(request, response, done) as Promise<unknown> | undefined;
      if (result && typeof result.then === 'function') result.then(undefined, done);
    } catch (error) {
      done(error);
    }
  };
  // The app stays reachable from the server (tests read its routes from its router).
  return Object.assign(listener, { app });
}

interface Answering {
  handle: RequestHandler;
  requestPrototype: object;
}

/**
 * Express's request with what its router would set for this route: the same for every request of it (the URL is
 * exact), so kept on the prototype rather than written to each request (each write reshapes the request object).
 * `path` is the URL: there is no query string. `body` is undefined until a parser sets the request's own.
 */
function expressRequest(app: Express, route: DirectRoute): object {
  const field = (value: unknown) => ({ value, writable: true, configurable: true });
  return Object.create(app.request, {
    baseUrl: field(route.baseUrl),
    originalUrl: field(route.url),
    path: field(route.url),
    route: field(route.routePath ? { path: route.routePath } : undefined),
    body: field(undefined),
  }) as object;
}

/** Express's response, whose `locals` (which app.handle gives every response) is made when first read. */
function expressResponse(app: Express): object {
  return Object.create(app.response, {
    locals: {
      configurable: true,
      get(this: Response) {
        const locals = Object.create(null) as Response['locals'];
        Object.defineProperty(this, 'locals', { value: locals, writable: true, configurable: true });
        return locals;
      },
    },
  }) as object;
}
