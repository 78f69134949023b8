import { randomUUID } from 'node:crypto';
import { type NextFunction, type Request, type Response } from 'express';
import { DomainError, SESSION_ENDED_MESSAGE, type RequestContext } from '@promptloom/proto';
import { type LiveSessions } from '@promptloom/shared';
import { bearerToken, type TokenService, type VerifiedToken } from '../auth/token-service';

declare module 'express-serve-static-core' {
  interface Request {
    /** Request id and, when a valid token came with the request, the actor. */
    context: RequestContext;
    /** Why the token (if any) was refused; thrown by `requireActor` only where authentication is needed. */
    authError?: Error;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** The caller's `X-Request-Id` if well-formed, otherwise a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Gives every request an id (the caller's `X-Request-Id` if well-formed) and reads its bearer token. A bad token is
 * remembered, not refused here: public routes like login must still work with a stale token in the header. A token
 * whose session ended (logout, or its account deactivated, deleted, its role or password changed) is refused like an
 * expired one; `LiveSessions` keeps the answer a few seconds, so this is not a database round trip per request.
 */
export function requestContext(tokens: TokenService, sessions: LiveSessions) {
  return (request: Request, response: Response, next: NextFunction) => {
    const requestId = requestIdOf(request.headers['x-request-id']);
    response.setHeader('X-Request-Id', requestId);
    request.context = { requestId };
    const token = bearerToken(request.headers.authorization);
    if (!token) return next();
    let verified: VerifiedToken;
    try {
      verified = tokens.verify(token);
    } catch (error) {
      request.authError = error as Error;
      return next();
    }
    const admit = (live: boolean) => {
      try {
        if (!live) throw new DomainError('UNAUTHENTICATED', SESSION_ENDED_MESSAGE);
        request.context.actor = verified.actor;
        const refreshed = tokens.refreshed(verified);
        if (refreshed) response.setHeader('X-Access-Token', refreshed);
      } catch (error) {
        request.authError = error as Error;
      }
      next();
    };
    // Most requests find their session's answer kept and go on without waiting.
    const live = sessions.isLiveNow(verified.actor);
    if (live !== undefined) return admit(live);
    sessions.isLive(verified.actor).then(admit, (error: unknown) => {
      request.authError = error as Error;
      next();
    });
  };
}
