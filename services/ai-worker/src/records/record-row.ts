import { type AiRecord, type AiRecordFamily, type RecordStatus } from '@promptloom/proto';

/** A list item row as the admin queries select it. */
export interface RecordRow {
  id: number;
  family: string;
  user_id: number;
  user_name: string | null;
  levels: number;
  ai_model: string | null;
  frequency: number | null;
  ai_response: string;
  ai_reason: string | null;
  status: number;
  created_at: Date | string;
  job_id: string | null;
}

export const RECORD_COLUMNS = `"id", "family", "user_id", "user_name", "levels", "ai_model", "frequency", "ai_response", "ai_reason", "status", "created_at", "job_id"`;

export function toAiRecord(row: RecordRow): AiRecord {
  return {
    id: row.id,
    family: row.family as AiRecordFamily,
    user_id: row.user_id,
    user_name: row.user_name,
    levels: row.levels,
    ai_model: row.ai_model,
    frequency: row.frequency,
    ai_response: row.ai_response,
    ai_reason: row.ai_reason,
    status: row.status as RecordStatus,
    created_at: new Date(row.created_at).toISOString(),
    job_id: row.job_id,
  };
}
