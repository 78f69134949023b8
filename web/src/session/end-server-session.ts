import { withIdempotencyKey } from '../apollo/idempotency-key';
import { readToken } from './session-storage';

/**
 * Ends the session on the server too (`POST /api/logout`): the token stops working even if a copy of it survives.
 * Fire and forget: signing out locally never waits for, or fails with, the network.
 */
export function endServerSession(): void {
  const token = readToken();
  if (!token) return;
  void fetch('/api/logout', {
    method: 'POST',
    headers: withIdempotencyKey('POST', new Headers({ authorization: `Bearer ${token}` })),
    keepalive: true,
  }).catch(() => undefined);
}
