import { type RequestContext } from '@promptloom/proto';
import { type Bus } from '../bus/bus';
import { liveSessionsOf } from './live-sessions';
import { requireStoredAdmin } from './require-stored-admin';

/**
 * The two facts about a caller that only the product's stored state can tell, and that every declared access
 * needs: whether the caller's session still holds, and whether an admin is still an admin. A service asks the admin
 * service on the bus (`checksOverTheBus`); the admin service, which holds both, reads them itself.
 */
export interface AccessChecks {
  /** Throws UNAUTHENTICATED ('Your session has ended…') when the context's session no longer holds. */
  requireLiveSession(context: RequestContext): Promise<void>;
  /** Throws 401 / 403 unless the context's actor is an admin now, with a live session. */
  requireAdmin(context: RequestContext): Promise<void>;
}

export const checksOverTheBus = (bus: Bus): AccessChecks => ({
  requireLiveSession: async (context) => (await liveSessionsOf(bus)).require(context),
  requireAdmin: async (context) => {
    await requireStoredAdmin(bus, context);
  },
});
