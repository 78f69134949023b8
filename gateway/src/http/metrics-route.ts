import { timingSafeEqual } from 'node:crypto';
import { type NextFunction, type Request, type Response } from 'express';
import { sendMetrics } from '@promptloom/shared';
import { bearerToken } from '../auth/token-service';

/**
 * `GET /metrics` (Prometheus). With a token set, only `Authorization: Bearer <METRICS_TOKEN>` reads it; without one it
 * is open in development and off (404) in production, where the public port must not tell strangers about the process.
 */
export function metricsRoute(options: { token?: string; production: boolean }) {
  const expected = options.token ? Buffer.from(options.token) : null;
  return (request: Request, response: Response, next: NextFunction) => {
    if (!expected && options.production) {
      response.status(404).json({ message: 'Not found.' });
      return;
    }
    if (expected) {
      const given = Buffer.from(bearerToken(request.header('authorization')) ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        response.status(401).json({ message: 'A valid metrics token is required.' });
        return;
      }
    }
    sendMetrics(response).catch(next);
  };
}
