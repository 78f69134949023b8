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
    response.status(status).json({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', fields } }] });
    return;
  }
  response.status(status).json({ message, errors: fields });
}
