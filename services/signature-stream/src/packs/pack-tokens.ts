import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits) as base64url: 43 characters. */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const newPackToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

/** What is stored of a token: its SHA-256. A token of any other shape has no hash, so it is never found. */
export function packTokenHash(token: string): string | null {
  if (!TOKEN_SHAPE.test(token)) return null;
  return createHash('sha256').update(token).digest('hex');
}
