import { type Request, type Response } from 'express';
import { type FieldErrors } from '@promptloom/proto';

export const GRAPHQL_PATH = '/graphql';

/**
 * Answers a request refused at the edge, before any route ran: GraphQL's error shape on the GraphQL path
 * (`BAD_USER_INPUT` with `extensions.fields`), the REST envelope `{ message, errors }` elsewhere.
 */
export function refuseInput(request: Request, response: Response, status: number, fields: FieldErrors): void {
  const message = Object.values(fields)[0]?.[0] ?? 'The request is not valid.';
  if (request.path === GRAPHQL_PATH) {
    response
      .status(status)
      .type(graphQLResponseType(request))
      .send(JSON.stringify({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', fields } }] }));
    return;
  }
  response.status(status).json({ message, errors: fields });
}

const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json';

/**
 * GraphQL over HTTP: a client that accepts `application/graphql-response+json` (Apollo Client does) reads the
 * errors of a non-2xx answer of that type as GraphQL errors, with their field messages; an `application/json`
 * answer that is not 2xx is only a failed request to it. Without an Accept header, `application/json`.
 */
function graphQLResponseType(request: Request): string {
  if (!request.headers.accept) return 'application/json';
  return request.accepts([GRAPHQL_RESPONSE_TYPE, 'application/json']) || 'application/json';
}
