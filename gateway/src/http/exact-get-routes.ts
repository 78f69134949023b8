import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/**
 * GET (and HEAD) handlers of a few fixed paths as one layer: every other request goes on after one map lookup, where
 * one `app.get` per path costs each API request a route match per path (Express's router walks its layers in
 * turn). Paths match as `app.get` matches them: case-insensitively, with or without one trailing slash.
 */
export function exactGetRoutes(routes: Record<string, RequestHandler>): RequestHandler {
  const byPath = new Map(Object.entries(routes).map(([path, handler]) => [path.toLowerCase(), handler]));
  const longest = Math.max(...[...byPath.keys()].map((path) => path.length)) + 1;
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const path = request.path;
    const handler = byPath.get(path) ?? (path.length <= longest ? byPath.get(normalized(path)) : undefined);
    if (!handler) return next();
    const result = handler(request, response, next) as Promise<unknown> | undefined;
    if (result && typeof result.then === 'function')
      result.then(undefined, (error: unknown) => next(error ?? new Error('Rejected promise')));
  };
}

const normalized = (path: string): string =>
  (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase();
