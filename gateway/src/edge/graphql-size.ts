import { type FieldErrors } from '@promptloom/proto';

/** How large one GraphQL request's document and variables may be, in UTF-8 bytes (README "Limits at the edge"). */
export interface GraphQLSizeLimits {
  maxDocumentBytes: number;
  maxVariablesBytes: number;
}

/**
 * Why a GraphQL request is too large to parse, naming `query` or `variables`, or null. Measured before graphql-js
 * reads the document, so an oversized one costs one byte count, not a parse. Variables arrive as JSON text (a GET's
 * query string) or already parsed (a POST body, a WebSocket message): then their JSON length is what is counted.
 */
export function graphQLSizeProblems(
  query: unknown,
  variables: unknown,
  limits: GraphQLSizeLimits,
): FieldErrors | null {
  if (typeof query === 'string' && isOver(query, limits.maxDocumentBytes))
    return { query: [tooLarge('query', limits.maxDocumentBytes)] };
  if (variables === undefined || variables === null) return null;
  const text = typeof variables === 'string' ? variables : JSON.stringify(variables);
  if (text !== undefined && isOver(text, limits.maxVariablesBytes))
    return { variables: [tooLarge('variables', limits.maxVariablesBytes)] };
  return null;
}

function isOver(text: string, maxBytes: number): boolean {
  // UTF-8 takes at least one byte and at most three per UTF-16 unit: most texts are decided without counting.
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  return Buffer.byteLength(text, 'utf8') > maxBytes;
}

function tooLarge(field: 'query' | 'variables', maxBytes: number): string {
  const what = field === 'query' ? 'The query' : 'The variables';
  return `${what} must not be larger than ${formatBytes(maxBytes)}.`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 && bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`;
}
