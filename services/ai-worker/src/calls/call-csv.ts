import { toCsv, type AiCallSummary } from '@promptloom/proto';

/** The AI calls export's columns, in their order; the header names them as they are. */
const COLUMNS: Array<keyof AiCallSummary> = [
  'id',
  'created_at',
  'user_id',
  'user_name',
  'purpose',
  'model',
  'outcome',
  'failure',
  'prompt_tokens',
  'completion_tokens',
  'cost_usd',
  'latency_ms',
  'job_id',
];

export function callsCsv(calls: readonly AiCallSummary[]): string {
  return toCsv(
    COLUMNS,
    calls.map((call) => COLUMNS.map((column) => call[column])),
  );
}
