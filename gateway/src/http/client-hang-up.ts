import { type Response } from 'express';

const HUNG_UP_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED']);

/** The client went away before the answer was written (aborted, closed its socket): nothing wrong with the server. */
export function isClientHangUp(error: unknown, response: Response): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    (typeof code === 'string' && HUNG_UP_CODES.has(code)) ||
    (response.destroyed && !response.writableFinished)
  );
}
