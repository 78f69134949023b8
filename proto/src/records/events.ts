import { z } from 'zod';
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
  ),
  signatureRecordChanged: defineEvent(
    'evt.signature.record.changed',
    z.object({
      action: RecordChange,
      actorId: z.number().int().positive(),
      before: SignatureRecord,
      after: SignatureRecord.nullable(),
    }),
  ),
} as const;
