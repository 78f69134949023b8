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
 */
export function securityHeaders() {
  return helmet({
    // useDefaults off: helmet's defaults would add upgrade-insecure-requests, which breaks a plain-HTTP install.
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}
