import { type ParsedRequestOf, type promptHistoryOperations } from '@promptloom/proto';

type ListRequest = ParsedRequestOf<(typeof promptHistoryOperations)['list']>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * One page of a user's versions, newest first, after the cursor (keyset: `id < cursor`, never an offset, so a deep
 * page costs what the first does). One more row than asked tells whether a next page exists.
 */
export function promptHistoryPageQuery(
  table: string,
  columns: string,
  request: ListRequest,
): { sql: string; params: unknown[] } {
  const conditions = ['"user_id" = ?'];
  const params: unknown[] = [request.userId];
  if (request.after) {
    conditions.push('"id" < ?');
    params.push(request.after);
  }
  if (request.origin) {
    conditions.push('"origin" = ?');
    params.push(request.origin);
  }
  if (request.search) {
    conditions.push(`lower("prompt") like ?`);
    params.push(`%${escapeLike(request.search.toLowerCase())}%`);
  }
  params.push(request.first + 1);
  return {
    sql: `select ${columns} from ${table} where ${conditions.join(' and ')} order by "id" desc limit ?`,
    params,
  };
}
