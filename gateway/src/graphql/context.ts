import { type Actor, type RequestContext } from '@promptloom/proto';
import { type Bus } from '@promptloom/shared';
import { requireActor as requireContextActor, requireAdmin as requireContextAdmin } from '../auth/guards';
import { type Caller } from '../auth/caller';
import { type Sessions } from '../auth/sessions';
import { type EventHub } from '../subscriptions/event-hub';

/** What every resolver receives: the request's context and the use cases it may call. */
export interface GraphQLContext {
  request: RequestContext;
  /** Why the token was refused, when one came and was bad. */
  authError?: Error;
  /** The caller's address (Express's `request.ip`), for the sign-in and sign-up limits. */
  clientIp?: string;
  sessions: Sessions;
  bus: Bus;
  events: EventHub;
}

export const requireActor = (context: GraphQLContext): Actor =>
  requireContextActor(context.request, context.authError);
export const requireAdmin = (context: GraphQLContext): Actor =>
  requireContextAdmin(context.request, context.authError);

/** The resolver's caller, for `callAs`: the request's context and why its token was refused, if it was. */
export const callerOf = (context: GraphQLContext): Caller => ({
  context: context.request,
  authError: context.authError,
});
