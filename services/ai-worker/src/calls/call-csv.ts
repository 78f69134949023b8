import { type AiCallSummary } from '@promptloom/proto';

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

/** RFC 4180 CSV; a cell a spreadsheet would run as a formula (= + - @) is prefixed with a quote. */
export function callsCsv(calls: readonly AiCallSummary[]): string {
  const lines = [
    COLUMNS.join(','),
    ...calls.map((call) => COLUMNS.map((column) => cell(call[column])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/u.test(text)) text = `'${text}`;
  return /[",\r\n]/u.test(text) ? `"${text.replace(/"/gu, '""')}"` : text;
}
