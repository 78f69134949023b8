import { type NextFunction, type Request, type Response } from 'express';
import { findUnsafeText, textProblem, type FieldErrors } from '@promptloom/proto';
import { MAX_DOCUMENT_NESTING, documentNesting } from './graphql-nesting';
import { GRAPHQL_PATH, refuseInput } from './refuse-input';

/**
 * The one edge step every REST and GraphQL request passes after its body is parsed: the path must be well-formed
 * percent-encoding, and the path, the query string and the body must be text that can be stored (no control
 * characters, no lone surrogates, no runaway nesting). Refusals name the field: 400 for the URL, 422 for the body
 * (GraphQL: 400 with BAD_USER_INPUT, as Apollo answers bad variables).
 */
export function requestTextGuard() {
  return (request: Request, response: Response, next: NextFunction) => {
    const pathProblem = problemOfPath(request.path);
    if (pathProblem) return refuseInput(request, response, 400, { path: [pathProblem] });
    // Without a query string the query is empty: Express would parse the URL again only to say so.
    const queryProblems = request.url.includes('?') ? findUnsafeText(request.query) : null;
    if (queryProblems) return refuseInput(request, response, 400, queryProblems);
    const isGraphQL = request.path === GRAPHQL_PATH;
    const bodyProblems =
      findUnsafeText(request.body) ?? (isGraphQL ? graphQLDocumentProblems(request) : null);
    if (bodyProblems) return refuseInput(request, response, isGraphQL ? 400 : 422, bodyProblems);
    next();
  };
}

const PLAIN_PATH = /^[\x21-\x24\x26-\x7e]*$/;

/** Why a raw (still percent-encoded) path is refused, or null. */
export function problemOfPath(rawPath: string): string | null {
  // Printable ASCII without '%' decodes to itself and holds no control character: the usual path is this.
  if (PLAIN_PATH.test(rawPath)) return null;
  for (const segment of rawPath.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return 'The path contains malformed percent-encoding.';
    }
    if (textProblem(decoded, 'path')) return 'The path must not contain control characters.';
  }
  return null;
}

function graphQLDocumentProblems(request: Request): FieldErrors | null {
  const body = request.body as { query?: unknown } | undefined;
  const query = typeof body?.query === 'string' ? body.query : request.query.query;
  if (typeof query !== 'string') return null;
  if (documentNesting(query) > MAX_DOCUMENT_NESTING)
    return { query: [`The query is nested too deeply (at most ${MAX_DOCUMENT_NESTING} levels).`] };
  return null;
}
