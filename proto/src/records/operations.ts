import { z } from 'zod';
import { JobTicket } from '../ai/generation';
import { ADMIN } from '../access/declaration';
import { defineOperation } from '../operation';
import {
  AiRecord,
  AiRecordCounts,
  AiRecordDeleteRequest,
  AiRecordListRequest,
  AiRecordPage,
  AiRecordRegenerateRequest,
  AiRecordUpdateRequest,
  RecordDeleted,
} from './ai-record-schemas';
import {
  SignatureRecord,
  SignatureRecordCounts,
  SignatureRecordDeleteRequest,
  SignatureRecordListRequest,
  SignatureRecordPage,
  SignatureRecordUpdateRequest,
} from './signature-record-schemas';

/** Admin-only: every user's TL/TR/BL records, answered by the AI worker (which re-checks the caller's stored role). */
export const aiRecordOperations = {
  list: defineOperation('ai', 'records.list', AiRecordListRequest, AiRecordPage, ADMIN),
  update: defineOperation('ai', 'records.update', AiRecordUpdateRequest, AiRecord, ADMIN),
  delete: defineOperation('ai', 'records.delete', AiRecordDeleteRequest, RecordDeleted, ADMIN),
  counts: defineOperation('ai', 'records.counts', z.object({}), AiRecordCounts, ADMIN),
  regenerate: defineOperation('ai', 'records.regenerate', AiRecordRegenerateRequest, JobTicket, ADMIN),
} as const;

/** Admin-only: every user's BR record (saved signature), answered by the signature service. */
export const signatureRecordOperations = {
  list: defineOperation('signature', 'records.list', SignatureRecordListRequest, SignatureRecordPage, ADMIN),
  update: defineOperation(
    'signature',
    'records.update',
    SignatureRecordUpdateRequest,
    SignatureRecord,
    ADMIN,
  ),
  delete: defineOperation('signature', 'records.delete', SignatureRecordDeleteRequest, RecordDeleted, ADMIN),
  counts: defineOperation('signature', 'records.counts', z.object({}), SignatureRecordCounts, ADMIN),
} as const;
