import {
  ownerInRequest,
  requireAdminOperation,
  requireOwnedAccess,
  type Actor,
  type Operation,
} from '@promptloom/proto';
import { type Caller } from './caller';
import { requireActor } from './guards';

/**
 * The gateway's early refusal, from the access the operation declares (`defineOperation`): a caller the service
 * would refuse on the token alone gets its 401 (with why the token failed) or 403 here, and nothing leaves for the
 * bus. The service decides again before its handler runs, with the session and role it holds now. An owner the
 * request does not name as a user id yet (a record's id, a path parameter) is left to the service.
 *
 * Returns the caller's actor for operations that need one, undefined for public and internal ones.
 */
export function refuseEarly(operation: Operation, caller: Caller, request?: unknown): Actor | undefined {
  const { access } = operation;
  if (access.kind === 'public' || access.kind === 'internal') return caller.context.actor;
  const actor = requireActor(caller.context, caller.authError);
  if (access.kind === 'admin') requireAdminOperation(actor);
  const owner = ownerInRequest(access, request);
  if (owner !== undefined && access.kind === 'owned') requireOwnedAccess(actor, access.access, owner);
  return actor;
}
