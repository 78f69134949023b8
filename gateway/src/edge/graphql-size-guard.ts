import { type NextFunction, type Request, type Response } from 'express';
import { type Logger } from '@promptloom/shared';
import { graphQLSizeProblems, type GraphQLSizeLimits } from './graphql-size';
import { GRAPHQL_PATH, refuseInput } from './refuse-input';

/**
 * Refuses a GraphQL request over HTTP whose document or variables are larger than allowed with 413 and
 * BAD_USER_INPUT naming the field, before anything reads the document (the text checks, Apollo's parse).
 * Other paths pass untouched.
 */
export function graphQLSizeGuard(limits: GraphQLSizeLimits, logger: Logger) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.path !== GRAPHQL_PATH) return next();
    const body = request.body as { query?: unknown; variables?: unknown } | undefined;
    const fromBody = typeof body === 'object' && body !== null && 'query' in body;
    const query = fromBody ? body.query : request.query.query;
    const variables = fromBody ? body.variables : request.query.variables;
    const problems = graphQLSizeProblems(query, variables, limits);
    if (!problems) return next();
    // The request line says 413 too; this one says which part and why (the request id comes with the log context).
    logger.warn({ fields: Object.keys(problems), ...limits }, 'GraphQL request refused: too large');
    refuseInput(request, response, 413, problems);
  };
}
