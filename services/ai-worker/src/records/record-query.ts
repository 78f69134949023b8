import { type AiRecordListRequest } from '@promptloom/proto';

/** The searched text of a list item; the same expression as the trigram index of migration 0002. */
export const SEARCH_TEXT = `lower(coalesce("user_name", '') || ' ' || coalesce("ai_model", '') || ' ' || "ai_response")`;

const SORT_COLUMNS: Record<AiRecordListRequest['sort'], string> = {
  id: '"id"',
  user_name: '"user_name"',
  levels: '"levels"',
  ai_model: '"ai_model"',
  frequency: '"frequency"',
  ai_response: '"ai_response"',
  ai_reason: '"ai_reason"',
  status: '"status"',
  created_at: '"created_at"',
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The where clause and order of one admin list request. A search matches, case-insensitively, a part of the user
 * name, AI model or AI response; a whole number also matches levels, frequency or status equal to it (the
 * client's in-page filter, SPEC §2, on the server across every page).
 */
export function recordFilter(request: AiRecordListRequest): {
  where: string;
  params: unknown[];
  orderBy: string;
} {
  const conditions = ['"family" = ?'];
  const params: unknown[] = [request.family];
  if (request.status !== undefined) {
    conditions.push('"status" = ?');
    params.push(request.status);
  }
  if (request.search) {
    const matches = [`${SEARCH_TEXT} like ?`];
    params.push(`%${escapeLike(request.search.toLowerCase())}%`);
    if (/^\d{1,9}$/.test(request.search)) {
      matches.push('"levels" = ?', '"frequency" = ?', '"status" = ?');
      const number = Number(request.search);
      params.push(number, number, number);
    }
    conditions.push(`(${matches.join(' or ')})`);
  }
  const direction = request.direction === 'desc' ? 'desc' : 'asc';
  const nulls = direction === 'asc' ? 'nulls first' : 'nulls last';
  const column = SORT_COLUMNS[request.sort];
  const orderBy =
    request.sort === 'id' ? `"id" ${direction}` : `${column} ${direction} ${nulls}, "id" ${direction}`;
  return { where: conditions.join(' and '), params, orderBy };
}
