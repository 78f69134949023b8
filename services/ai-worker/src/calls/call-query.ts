import { type AiCallFilters } from '@promptloom/proto';

/** The SQL condition (on `c`, the ai_calls table) of the AI Calls filters, with its parameters. */
export function callFilter(filters: AiCallFilters): { where: string; params: unknown[] } {
  const parts: string[] = ['true'];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (filters.user_id !== undefined) add('c."user_id" = ?', filters.user_id);
  if (filters.purpose) add('c."purpose" = ?', filters.purpose);
  if (filters.model) add('c."model" ilike ?', `%${escapeLike(filters.model)}%`);
  if (filters.outcome) add('c."outcome" = ?', filters.outcome);
  if (filters.job_id) add('c."job_id" = ?', filters.job_id);
  if (filters.from) add('c."created_at" >= ?::date', filters.from);
  if (filters.to) add(`c."created_at" < (?::date + interval '1 day')`, filters.to);
  if (filters.with_reasons) add(`jsonb_array_length(c."reasons") > 0`);
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    add('(c."messages"::text ilike ? or c."reply" ilike ? or c."failure" ilike ?)', like, like, like);
  }
  return { where: parts.join(' and '), params };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/gu, (character) => `\\${character}`);
}
