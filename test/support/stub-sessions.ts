import { randomUUID } from 'node:crypto';
import { sessionOperations, type Actor } from '@promptloom/proto';
import { handle, type Bus } from '@promptloom/shared';

const SESSION_ID = randomUUID();

/** A signed-in user's actor, in the one session `serveLiveSessions` says holds. */
export const sessionActor = (userId: number, role = 'user'): Actor => ({
  userId,
  role,
  sessionId: SESSION_ID,
  sessionVersion: 1,
});

/**
 * For a service started without the admin service: answers `sessions.state` on the admin service's signed view of
 * the bus, every session holding with the role the test's actors claim (services check every actor's session).
 */
export function serveLiveSessions(adminBus: Bus, roleOf: (userId: number) => string = () => 'user') {
  return handle(adminBus, sessionOperations.state, async ({ userId }) => ({
    user: { role: roleOf(userId), status: 'Active', sessionVersion: 1 },
    revoked: false,
  }));
}
