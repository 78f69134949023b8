import { z } from 'zod';
import { ownedBy } from '../access/declaration';
import { defineEvent } from '../operation';
import { Signature } from './signature-schemas';
import { StreamRecord } from './stream-schemas';
import { StreamSettings } from './stream-settings-schemas';
import { PromptVersion } from './prompt-history-schemas';

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
    ownedBy('read', 'userId'),
  ),
  /** An upload passed the checks and its WebP and thumbnail are stored (the issue's `evt.stream.image.stored`). */
  imageStored: defineEvent(
    'evt.signature.image.stored',
    z.object({ userId: z.number().int().positive(), stream: StreamRecord }),
    ownedBy('read', 'userId'),
  ),
  /**
   * The Stream page's target or marks changed. It carries the whole settings: they are bounded (a target and at
   * most MAX_ITEM_MARKS short marks), so a device that missed one change is right again with the next.
   */
  streamSettingsChanged: defineEvent(
    'evt.signature.stream_settings.changed',
    z.object({ userId: z.number().int().positive(), settings: StreamSettings }),
    ownedBy('read', 'userId'),
  ),
  /** A prompt version was saved (issue #19); the user's other tabs and devices add it to their history. */
  promptVersionSaved: defineEvent(
    'evt.signature.prompt_version.saved',
    z.object({ userId: z.number().int().positive(), version: PromptVersion }),
    ownedBy('read-private', 'userId'),
  ),
} as const;
