import { z } from 'zod';
import { JobTicket } from '../ai/generation';
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
  list: defineOperation('ai', 'records.list', AiRecordListRequest, AiRecordPage),
  update: defineOperation('ai', 'records.update', AiRecordUpdateRequest, AiRecord),
  delete: defineOperation('ai', 'records.delete', AiRecordDeleteRequest, RecordDeleted),
  counts: defineOperation('ai', 'records.counts', z.object({}), AiRecordCounts),
  regenerate: defineOperation('ai', 'records.regenerate', AiRecordRegenerateRequest, JobTicket),
} as const;

/** Admin-only: every user's BR record (saved signature), answered by the signature service. */
export const signatureRecordOperations = {
  list: defineOperation('signature', 'records.list', SignatureRecordListRequest, SignatureRecordPage),
  update: defineOperation('signature', 'records.update', SignatureRecordUpdateRequest, SignatureRecord),
  delete: defineOperation('signature', 'records.delete', SignatureRecordDeleteRequest, RecordDeleted),
  counts: defineOperation('signature', 'records.counts', z.object({}), SignatureRecordCounts),
} as const;
