import { type NextFunction, type Request, type Response } from 'express';
import { refuseInput } from './refuse-input';

/**
 * Request bodies are accepted uncompressed only: a compressed body would be inflated before its size is known to be
 * sane, and a body merely labelled gzip used to crash the parser. 415 names the header (RFC 9110 §15.5.16).
 */
export function contentEncodingGuard() {
  return (request: Request, response: Response, next: NextFunction) => {
    const encoding = request.header('content-encoding')?.trim().toLowerCase();
    if (!encoding || encoding === 'identity') return next();
    refuseInput(request, response, 415, {
      'content-encoding': [
        `The Content-Encoding "${encoding.slice(0, 40)}" is not supported: send the body uncompressed.`,
      ],
    });
  };
}
