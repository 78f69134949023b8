import cors from 'cors';

/**
 * CORS for the API: closed unless origins are listed (CORS_ORIGINS). A listed origin may send the bearer token and
 * read the renewed one; any other origin gets no `Access-Control-Allow-*` header, so its browser refuses the answer.
 */
export function corsPolicy(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return cors({
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'Apollo-Require-Preflight'],
    exposedHeaders: ['X-Access-Token', 'X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
}
