import { type Request } from 'express';
import { type RequestContext } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { type Sessions } from '../auth/sessions';
import { type EventHub } from '../subscriptions/event-hub';
import { type GraphQLContext } from './context';

/**
 * A GraphQL request's context over HTTP. The caller's address is read only by sign-in and sign-up (proxy-addr's walk
 * over X-Forwarded-For), so it is a getter, and on the prototype: Apollo copies a context's own properties for
 * every operation, which would run a getter of the object itself each time.
 */
export class HttpGraphQLContext implements GraphQLContext {
  readonly request: RequestContext;
  readonly authError?: Error;

  constructor(
    private readonly httpRequest: Request,
    readonly sessions: Sessions,
    readonly bus: Bus,
    readonly events: EventHub,
  ) {
    this.request = httpRequest.context;
    this.authError = httpRequest.authError;
  }

  get clientIp(): string | undefined {
    return this.httpRequest.ip;
  }
}
