import { type NextFunction, type Request, type Response } from 'express';
import { httpRequestDuration, withLogContext, type Logger } from '@promptloom/shared';
import { loggablePath } from './loggable-path';

/**
 * After `requestContext`: one log line per answered request with its id, and its duration in
 * `http_request_duration_seconds`. Everything logged while handling it (here or further down) carries its id too.
 */
export function requestLog(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    // `on`, not `once`: a response finishes once, and once's wrapper is one more allocation per request.
    response.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // The route pattern, not the path, keeps the label set small: `/api/admin/user/update/:id`.
      const route = `${request.baseUrl}${(request.route as { path?: string } | undefined)?.path ?? ''}`;
      const status = response.statusCode;
      httpRequestDuration.observe(
        { method: request.method, route: route || 'unmatched', status: String(status) },
        seconds,
      );
      const line = {
        requestId: request.context?.requestId,
        method: request.method,
        path: loggablePath(request.path),
        status,
        durationMs: Math.round(seconds * 1000),
      };
      if (status >= 500) logger.warn(line, 'request failed');
      else logger.info(line, 'request');
    });
    withLogContext(request.context, next);
  };
}
