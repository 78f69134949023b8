import { type SessionEnded } from '@promptloom/shared';
import { type WebSocket } from 'ws';

/** graphql-ws close codes: 4401 Unauthorized (sign in again), 4403 Forbidden (the account may not be used). */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;

interface OpenSocket {
  sessionId: string;
  socket: WebSocket;
}

/**
 * The open WebSockets of each signed-in user, so that when a session ends (`evt.admin.session.ended`) its sockets
 * are closed at once instead of carrying live updates to a user who is no longer signed in.
 */
export class SessionSockets {
  private readonly byUser = new Map<number, Set<OpenSocket>>();

  add(userId: number, sessionId: string, socket: WebSocket): void {
    const open: OpenSocket = { sessionId, socket };
    let sockets = this.byUser.get(userId);
    if (!sockets) this.byUser.set(userId, (sockets = new Set()));
    sockets.add(open);
    socket.once('close', () => {
      sockets.delete(open);
      if (sockets.size === 0 && this.byUser.get(userId) === sockets) this.byUser.delete(userId);
    });
  }

  /** Closes the sockets of the ended session (or of every session of the user). */
  close(ended: SessionEnded): void {
    const code = ended.reason === 'deactivated' ? CLOSE_FORBIDDEN : CLOSE_UNAUTHORIZED;
    for (const open of this.byUser.get(ended.userId) ?? []) {
      if (ended.sessionId === null || ended.sessionId === open.sessionId)
        open.socket.close(code, 'Session ended');
    }
  }
}
