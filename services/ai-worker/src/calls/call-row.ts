import { type AiCallDetail, type AiCallSummary, type ReasonUsed } from '@promptloom/proto';

/** An ai_calls row as the queries select it (numeric and bigint come back as strings). */
export interface CallRow {
  id: number | string;
  user_id: number | null;
  user_name: string | null;
  purpose: AiCallSummary['purpose'];
  model: string;
  job_id: string | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  cost_usd: string | number | null;
  latency_ms: number;
  outcome: AiCallSummary['outcome'];
  failure: string | null;
  created_at: Date | string;
  messages?: Array<{ role: string; content: string }>;
  reply?: string | null;
  cut?: boolean;
  reasons?: ReasonUsed[];
}

export const SUMMARY_COLUMNS = [
  'c."id"',
  'c."user_id"',
  'n."name" as "user_name"',
  'c."purpose"',
  'c."model"',
  'c."job_id"',
  'c."prompt_tokens"',
  'c."completion_tokens"',
  'c."cost_usd"',
  'c."latency_ms"',
  'c."outcome"',
  'c."failure"',
  'c."created_at"',
].join(', ');

export function toSummary(row: CallRow): AiCallSummary {
  return {
    id: Number(row.id),
    user_id: row.user_id,
    user_name: row.user_name,
    purpose: row.purpose,
    model: row.model,
    job_id: row.job_id,
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    cost_usd: row.cost_usd === null ? null : Number(row.cost_usd),
    latency_ms: row.latency_ms,
    outcome: row.outcome,
    failure: row.failure,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function toDetail(row: CallRow): AiCallDetail {
  return {
    ...toSummary(row),
    messages: row.messages ?? [],
    reply: row.reply ?? null,
    cut: row.cut ?? false,
    reasons: row.reasons ?? [],
  };
}
