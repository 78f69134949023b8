import { AI_CALL_OUTCOMES, AI_PURPOSES } from '@promptloom/proto';
import { oneOf } from '../shared/one-of';
import { type AiCallFilter } from './ai-call-operations';

/** The filters' names in the address (so "How was this made" can link to `?job_id=…`), in form order. */
export const FILTER_KEYS = [
  'q',
  'user_id',
  'purpose',
  'model',
  'outcome',
  'from',
  'to',
  'job_id',
  'with_reasons',
] as const;

/** The filters in the address as the query's input; an absent or empty one is no filter. */
export function filterOf(params: URLSearchParams): AiCallFilter {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const userId = Number(text('user_id'));
  return {
    q: text('q'),
    userId: Number.isInteger(userId) && userId > 0 ? userId : undefined,
    purpose: oneOf(AI_PURPOSES, params.get('purpose') ?? ''),
    model: text('model'),
    outcome: oneOf(AI_CALL_OUTCOMES, params.get('outcome') ?? ''),
    from: text('from'),
    to: text('to'),
    jobId: text('job_id'),
    withReasons: params.get('with_reasons') === 'true' ? true : undefined,
  };
}

/** The address of the AI Calls that made a record (its generation job). */
export const callsOfJob = (jobId: string) => `/admin/ai-calls?job_id=${encodeURIComponent(jobId)}`;

export function formatCost(costUsd: number | null | undefined): string {
  if (costUsd === null || costUsd === undefined) return '—';
  return `$${costUsd < 0.01 ? costUsd.toFixed(6) : costUsd.toFixed(2)}`;
}

export function formatTokens(prompt: number | null, completion: number | null): string {
  return prompt === null && completion === null ? '—' : `${prompt ?? 0} / ${completion ?? 0}`;
}
