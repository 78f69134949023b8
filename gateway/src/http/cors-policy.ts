import cors from 'cors';
import { type NextFunction, type Request, type Response } from 'express';

/**
 * CORS for the API: closed unless origins are listed (CORS_ORIGINS). A listed origin may send the bearer token and
 * read the renewed one; any other origin gets no `Access-Control-Allow-*` header, so its browser refuses the answer.
 */
export function corsPolicy(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  const policy = cors({
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'X-Request-Id',
      'Apollo-Require-Preflight',
      'Idempotency-Key',
    ],
    exposedHeaders: ['X-Access-Token', 'X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
  // For an origin it refuses (or none) cors sets no header at all and goes on: only a listed one needs it.
  return (request: Request, response: Response, next: NextFunction) => {
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return next();
    policy(request, response, next);
  };
}
