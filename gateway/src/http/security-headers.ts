import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';

/**
 * The Content-Security-Policy the built web client runs under: its own scripts, styles and connections only
 * ('self' covers the same-origin graphql-ws socket), images also from data: and blob: (upload previews), and no
 * framing by anyone.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Security headers on every response, HTML and API alike (helmet): the CSP above, `X-Content-Type-Options:
 * nosniff`, `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer`, HSTS and the cross-origin isolation headers.
 * They are the same for every request, so helmet runs once at start and each response gets its headers in one step
 * (helmet's thirteen middlewares per request cost more than the headers themselves).
 */
export function securityHeaders() {
  const headers = headersOf(
    helmet({
      // useDefaults off: helmet's defaults would add upgrade-insecure-requests, which breaks a plain-HTTP install.
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
    }),
  );
  // Lower case (header names are case-insensitive): Node keys each header by its lower-cased name, a new string per
  // call unless the name already is.
  const names = headers.map(([name]) => name.toLowerCase());
  const values = headers.map(([, value]) => value);
  return (_request: Request, response: Response, next: NextFunction) => {
    // Indexed, not `for (const [name, value] of …)`: destructuring each pair costs an iterator per header.
    for (let index = 0; index < names.length; index++) response.setHeader(names[index]!, values[index]!);
    next();
  };
}

/** The headers a middleware sets on a response, read from one run against a stand-in response. */
function headersOf(middleware: ReturnType<typeof helmet>): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const response = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => undefined,
  };
  let ran = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    ran = true;
  });
  if (!ran) throw new Error('helmet did not finish synchronously');
  return headers;
}
