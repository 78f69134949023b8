import { z } from 'zod';
import { ADMIN } from '../access/declaration';
import { defineEvent } from '../operation';
import { AiRecord } from './ai-record-schemas';
import { SignatureRecord } from './signature-record-schemas';

export const RECORD_CHANGES = ['updated', 'deleted'] as const;
const RecordChange = z.enum(RECORD_CHANGES);

/**
 * An admin changed another user's record. Admins watch these live; the admin service writes them to its audit
 * log (durable consumer), so the change is audited without the services writing the admin schema.
 */
export const recordEvents = {
  aiRecordChanged: defineEvent(
    'evt.ai.record.changed',
    z.object({
      action: RecordChange,
      actorId: z.number().int().positive(),
      before: AiRecord,
      after: AiRecord.nullable(),
    }),
    ADMIN,
  ),
  signatureRecordChanged: defineEvent(
    'evt.signature.record.changed',
    z.object({
      action: RecordChange,
      actorId: z.number().int().positive(),
      before: SignatureRecord,
      after: SignatureRecord.nullable(),
      /**
       * When the edit was made: the signature's own `updated_at`, which the edit moves. The audit entry is dated
       * with it, so the owner's "while you were away" tells the edit and the moved time as one change. Absent from
       * an earlier release's events (then the entry is dated when it is written).
       */
      at: z.string().optional(),
    }),
    ADMIN,
  ),
} as const;
