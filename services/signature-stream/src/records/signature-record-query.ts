import { type SignatureRecordListRequest } from '@promptloom/proto';

const SEARCH_TEXT = `lower("username" || ' ' || "names"::text || ' ' || "elements"::text)`;

const SORT_COLUMNS: Record<SignatureRecordListRequest['sort'], string> = {
  id: '"id"',
  username: 'lower("username")',
  signature: '"names"::text',
  signatureElements: '"elements"::text',
  status: '"status"',
  created_at: '"created_at"',
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A search matches part of the user name, a signature name or an element; '0' or '1' also matches the status. */
export function signatureRecordFilter(request: SignatureRecordListRequest): {
  where: string;
  params: unknown[];
  orderBy: string;
} {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (request.status !== undefined) {
    conditions.push('"status" = ?');
    params.push(String(request.status));
  }
  if (request.search) {
    const matches = [`${SEARCH_TEXT} like ?`];
    params.push(`%${escapeLike(request.search.toLowerCase())}%`);
    if (request.search === '0' || request.search === '1') {
      matches.push('"status" = ?');
      params.push(request.search);
    }
    conditions.push(`(${matches.join(' or ')})`);
  }
  const direction = request.direction === 'desc' ? 'desc' : 'asc';
  const orderBy =
    request.sort === 'id'
      ? `"id" ${direction}`
      : `${SORT_COLUMNS[request.sort]} ${direction}, "id" ${direction}`;
  return { where: conditions.length ? conditions.join(' and ') : 'true', params, orderBy };
}
