import express, { type NextFunction, type Request, type Response } from 'express';
import { refuseInput } from '../edge/refuse-input';
import { verifyUtf8 } from '../edge/utf8-body';

/** JSON and form bodies up to `limitBytes`, UTF-8 only; the failures body-parser raises become clear 4xx answers. */
export function bodyParsers(limitBytes: number) {
  return [
    express.json({ limit: limitBytes, verify: verifyUtf8 }),
    express.urlencoded({ extended: false, limit: limitBytes, verify: verifyUtf8 }),
  ] as const;
}

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

export function bodyParsingErrors(limitBytes: number) {
  return (error: BodyParserError, request: Request, response: Response, next: NextFunction) => {
    switch (error.type) {
      case 'entity.invalid.utf8':
        return refuseInput(request, response, 400, { body: ['The request body is not valid UTF-8.'] });
      case 'entity.parse.failed':
        return response.status(400).json({ message: 'The request body is not valid JSON.' });
      case 'entity.too.large':
        return response.status(413).json({
          message: `The request body is too large: the limit is ${Math.round(limitBytes / 1024)} KB.`,
        });
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return response.status(415).json({ message: 'The request body encoding is not supported.' });
      case 'request.aborted':
        return response.status(400).json({ message: 'The request was aborted.' });
      default:
        return next(error);
    }
  };
}

/**
 * The parsers and their error answers as one step. A request without a body (no Content-Length, no
 * Transfer-Encoding: most GETs) skips them, as each parser would after its own checks.
 */
export function bodyParsing(limitBytes: number) {
  const [json, urlencoded] = bodyParsers(limitBytes);
  const errors = bodyParsingErrors(limitBytes);
  return (request: Request, response: Response, next: NextFunction) => {
    if (!hasBody(request)) {
      // As the parsers leave it: present and undefined (Apollo's middleware answers 500 without the property).
      if (!('body' in request)) (request as { body?: unknown }).body = undefined;
      return next();
    }
    json(request, response, (jsonError?: unknown) => {
      if (jsonError) return errors(jsonError as BodyParserError, request, response, next);
      urlencoded(request, response, (formError?: unknown) =>
        formError ? errors(formError as BodyParserError, request, response, next) : next(),
      );
    });
  };
}

/** type-is's `hasBody`, which body-parser asks first. */
const hasBody = (request: Request) =>
  request.headers['transfer-encoding'] !== undefined ||
  !Number.isNaN(Number(request.headers['content-length']));
