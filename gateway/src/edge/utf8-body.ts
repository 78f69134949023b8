import { isUtf8 } from 'node:buffer';

/** Thrown from body-parser's `verify` hook; `bodyParsingErrors` answers it with 400 naming the body. */
export class InvalidUtf8BodyError extends Error {
  readonly type = 'entity.invalid.utf8';
  constructor() {
    super('The request body is not valid UTF-8.');
  }
}

/**
 * body-parser's `verify`: refuses a body whose bytes are not UTF-8 before it is decoded (decoding would silently
 * turn the bad bytes into U+FFFD and store them).
 */
export function verifyUtf8(_request: unknown, _response: unknown, body: Buffer): void {
  if (!isUtf8(body)) throw new InvalidUtf8BodyError();
}
