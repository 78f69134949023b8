import { type Request } from 'express';
import { type RequestContext } from '@promptloom/proto';

/** Who is calling, as the gateway knows it: the request's context, and why its token was refused if it was. */
export interface Caller {
  context: RequestContext;
  authError?: Error;
}

export const callerOfHttp = (request: Request): Caller => ({
  context: request.context,
  authError: request.authError,
});
