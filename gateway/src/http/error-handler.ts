import { type NextFunction, type Request, type Response } from 'express';
import { DomainError } from '@promptloom/proto';
import { type Logger } from '@promptloom/shared';
import { bodyReadOff } from './body-read-off';
import { isClientHangUp } from './client-hang-up';
import { INTERNAL_ERROR, RETRY_AFTER_SECONDS, errorResponse } from './error-responses';
import { loggablePath } from './loggable-path';

/**
 * The last middleware: DomainErrors answer with their status, as do the client errors Express and its parsers raise
 * (`status` 4xx with `expose`); anything else is logged and answers a bare 500. The answer waits until the rest of
 * the request body (a refused upload's) has been read off, so that the client sees it rather than a reset. A client
 * that hung up mid-answer is a debug line: there is no one to answer.
 */
export function errorHandler(logger: Logger) {
  return async (error: unknown, request: Request, response: Response, _next: NextFunction) => {
    if (isClientHangUp(error, response)) {
      logger.debug({ err: error, requestId: request.context?.requestId }, 'client hung up');
      return;
    }
    await bodyReadOff(request);
    const clientError = (error ?? {}) as { status?: unknown; expose?: unknown; message?: unknown };
    if (
      typeof clientError.status === 'number' &&
      clientError.status >= 400 &&
      clientError.status < 500 &&
      clientError.expose === true &&
      !response.headersSent
    ) {
      logger.debug({ err: error, requestId: request.context?.requestId }, 'client error');
      response.status(clientError.status).json({ message: String(clientError.message) });
      return;
    }
    const domainError = error instanceof DomainError ? error : null;
    if (!domainError) {
      logger.error(
        { err: error, requestId: request.context?.requestId, path: loggablePath(request.path) },
        'unhandled error',
      );
    }
    const { status, body } = errorResponse(domainError ?? INTERNAL_ERROR);
    if (response.headersSent) return;
    if (body.retry_after !== undefined) response.setHeader('Retry-After', String(body.retry_after));
    if (status === 503) response.set('Retry-After', String(RETRY_AFTER_SECONDS));
    response.status(status).json(body);
  };
}
