import { type RequestContext } from '@promptloom/proto';

/** The claims of an access token, as a gateway puts them in the request context the services receive. */
export function contextOf(token: string): RequestContext {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  return {
    actor: {
      userId: Number(claims.sub),
      role: claims.role,
      sessionId: claims.sid,
      sessionVersion: claims.sv,
    },
  };
}
