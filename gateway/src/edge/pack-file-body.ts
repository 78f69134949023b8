import express, { type NextFunction, type Request, type Response } from 'express';
import { PACK_MAX_BYTES, packTooLarge } from '@promptloom/proto';
import { bodyParsingErrors } from '../http/body-parsing';
import { verifyUtf8 } from './utf8-body';

/** Where a pack file is posted (REST); its body has the pack's own, smaller limit. */
export const PACK_IMPORT_PATH = '/api/signature/packs/import';

const TOO_LARGE = { message: packTooLarge(PACK_MAX_BYTES), errors: { file: [packTooLarge(PACK_MAX_BYTES)] } };

/**
 * The pack import's body, read before the general parsers: a declared length over the pack limit is refused with
 * 413 before a byte is read, a longer body without one as soon as it passes the limit, and the file is read as
 * JSON whatever type it is sent as (a file's own type varies). Every other request goes on untouched.
 */
export function packFileBody(maxBodyBytes: number) {
  const json = express.json({ limit: PACK_MAX_BYTES, verify: verifyUtf8, type: () => true });
  const otherErrors = bodyParsingErrors(maxBodyBytes);
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'POST' || request.path !== PACK_IMPORT_PATH) return next();
    const declared = Number(request.headers['content-length']);
    if (declared > PACK_MAX_BYTES) {
      response.set('Connection', 'close');
      return response.status(413).json(TOO_LARGE);
    }
    json(request, response, (error?: unknown) => {
      const failure = error as { type?: string } | undefined;
      if (!failure) return next();
      if (failure.type === 'entity.too.large') return response.status(413).json(TOO_LARGE);
      return otherErrors(failure as Error, request, response, next);
    });
  };
}
