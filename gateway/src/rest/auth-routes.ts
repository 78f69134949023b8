import { randomBytes } from 'node:crypto';
import { type RequestHandler, Router } from 'express';
import {} from '@promptloom/proto';
import { type Sessions, type SessionPayload } from '../auth/sessions';
import { callerOfHttp } from '../auth/caller';
import {} from '../auth/early-refusal';
import { requireRequestActor } from '../auth/guards';

/** Laravel Sanctum's field names, which the spec's client reads. */
function sessionBody(message: string, session: SessionPayload) {
  return {
    message,
    access_token: session.accessToken,
    token_type: 'Bearer',
    expires_in: session.expiresInSeconds,
    user: session.user,
  };
}

/** `GET /api/me` (and `/api/user`): the signed-in user. Also answered before Express's router (gateway.ts). */
export function currentUserRoute(sessions: Sessions): RequestHandler {
  return (request, response) => {
    // Not declared: no operation is called for the caller, whose user record the gateway keeps (getUser is internal).
    requireRequestActor(request);
    // Most requests find the user kept and answer at once (see Sessions.currentUser).
    const user = sessions.currentUser(request.context);
    if (user instanceof Promise) return user.then((answer) => void response.json({ user: answer }));
    response.json({ user });
  };
}

/** SPEC §7 "Session": csrf-cookie, login, signup; plus the signed-in user and logout. */
export function authRoutes(sessions: Sessions): Router {
  const router = Router();

  // First: the router tries its routes in turn, and these are the ones asked for most (the paths are all distinct).
  for (const path of ['/api/me', '/api/user']) router.get(path, currentUserRoute(sessions));

  // Kept for the spec's client, which asks for it before login; bearer tokens need no CSRF cookie.
  router.get('/sanctum/csrf-cookie', (_request, response) => {
    response.cookie('XSRF-TOKEN', randomBytes(16).toString('hex'), { sameSite: 'lax', path: '/' });
    response.status(204).end();
  });

  router.post('/api/login', async (request, response) => {
    const session = await sessions.login(request.body ?? {}, request.context, request.ip);
    response.json(sessionBody('Login Successfully', session));
  });

  router.post('/api/signup', async (request, response) => {
    const session = await sessions.signup(request.body ?? {}, request.context, request.ip);
    response.status(201).json(sessionBody('Signup successful', session));
  });

  // Ends this session on the server: the token (and any renewal of it) stops working, its sockets close.
  router.post('/api/logout', async (request, response) => {
    await sessions.logout(callerOfHttp(request));
    response.json({ message: 'Logged out successfully' });
  });

  return router;
}
