import { z } from 'zod';
import { defineEvent } from '../operation';
import { Signature } from './signature-schemas';
import { StreamRecord } from './stream-schemas';

export const SIGNATURE_CHANGES = ['saved', 'updated', 'removed'] as const;

export const signatureEvents = {
  /** A user's signature was saved (replacing any other), updated (edit or swap) or removed. */
  signatureChanged: defineEvent(
    'evt.signature.signature.changed',
    z.object({
      userId: z.number().int().positive(),
      change: z.enum(SIGNATURE_CHANGES),
      signature: Signature.nullable(),
    }),
  ),
  /** An upload passed the checks and its WebP and thumbnail are stored (the issue's `evt.stream.image.stored`). */
  imageStored: defineEvent(
    'evt.signature.image.stored',
    z.object({ userId: z.number().int().positive(), stream: StreamRecord }),
  ),
} as const;
